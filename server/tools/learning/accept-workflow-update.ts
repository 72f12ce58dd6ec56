import { z } from 'zod';
import { acceptWorkflowUpdate } from '../../learning/accept-update.ts';
import { replayGraphOutbox } from '../../graph/outbox.ts';
import { validateWorkflowDocument } from '../../workflows/validate-document.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { resolveVersionActor } from './version-access.ts';
import { uuidString } from '../limits.ts';

/** Accepting a check_workflow_health proposal: a separate, audited call (spec §4.3–4.4). */
export const acceptWorkflowUpdateTool = defineTool({
  name: 'accept_workflow_update',
  description:
    'Accept a pending proposal of check_workflow_health: the proposed version is validated and saved as ' +
    'a new version VERSION_OF its base (an existing version is never overwritten), the knowledge graph ' +
    'records it, and the workflow_update archival block of spec §4.3 is stored.',
  readOnly: false,
  input: z.object({ proposal_id: uuidString() }),
  output: z.object({
    workflow_id: z.string(),
    version: z.string(),
    parent_version: z.string(),
    memory_id: z.string(),
    workflow_update: z.record(z.string(), z.unknown()),
  }),
  async handler(args, { services, actor }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const r = await acceptWorkflowUpdate(l.db, args.proposal_id, await resolveVersionActor(l.db, actor), (doc) =>
      validateWorkflowDocument(doc, { rootDir: services.config.rootDir, skillsDir: services.config.skillsDir }),
    );
    if (!r.ok) {
      if (r.reason === 'not_found') return fail('not_found', `no proposal ${args.proposal_id}`);
      if (r.reason === 'invalid') return fail('invalid_input', 'the proposed workflow does not validate', { issues: r.issues });
      return fail('conflict', r.reason === 'exists' ? 'that version is already saved' : 'the proposal was already decided');
    }
    await replayGraphOutbox(l.db, l.graph).catch(() => undefined); // the graph catches up later if it is down
    const { ok: _ok, ...fields } = r;
    return ok(fields);
  },
});
