import { z } from 'zod';
import { qaDetail } from '../../qa/detail.ts';
import { detailView } from '../../qa/view.ts';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { isToolFailure, qaDb } from './qa-db.ts';

/** One analysed call: the AI's result with its evidence, the human review, the call's other analyses. */
export const getQaResultTool = defineTool({
  name: 'get_qa_result',
  description:
    'One QA result: transcript turns with timestamps, every rule verdict with its evidence (quote, character offsets, turn and ' +
    'times), the score with its breakdown and any cap with its reason, sentiment and its flags, provenance (workflow version, ' +
    "skill versions, run, brain), the review (each rule's current human decision beside the AI's, score override, sign-offs, " +
    'all actions) and the other analyses of the same call.',
  readOnly: true,
  input: z.object({ qa_result_id: z.uuid().max(36) }),
  output: z.object({ qa_result: z.record(z.string(), z.unknown()) }),
  async handler(args, { services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    const d = await qaDetail(db, args.qa_result_id);
    if (!d) return fail('not_found', `no QA result ${args.qa_result_id}`);
    return ok({ qa_result: detailView(d) });
  },
});
