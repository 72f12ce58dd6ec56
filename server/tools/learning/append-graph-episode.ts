import { z } from 'zod';
import { replayGraphOutbox } from '../../graph/outbox.ts';
import { episodeMessage } from '../../execution/run-episode.ts';
import { enqueueEpisode } from '../../learning/consolidate.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution } from '../runtime/execution.ts';
import { learning } from '../../learning/services.ts';
import { uuidString } from '../limits.ts';

/** Spec §5.7/5.8 tool-16: "Append a workflow execution episode to the shared knowledge graph timeline". */
export const appendGraphEpisodeTool = defineTool({
  name: 'append_graph_episode',
  description:
    "Append a finished run's episode to the knowledge graph: the workflow version, each state's skill, " +
    'outcome, latency and error (a skill swapped out after a failure counts as a failure of that skill). ' +
    'Updates per-skill success/failure counts and latency. Written through the graph outbox: if the ' +
    'graph is down nothing is lost.',
  readOnly: false,
  input: z.object({ run_id: uuidString() }),
  output: z.object({ run_id: z.string(), skill_uses: z.number(), applied: z.number(), pending: z.number() }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const x = await execution(services);
    if (isFailure(x)) return x;
    const message = await episodeMessage(x, args.run_id);
    if (!message) return fail('not_found', `no finished run ${args.run_id}`);
    await enqueueEpisode(l.db, message);
    const r = await replayGraphOutbox(l.db, l.graph);
    return ok({ run_id: args.run_id, skill_uses: message.episode.states.length, applied: r.applied, pending: r.pending });
  },
});
