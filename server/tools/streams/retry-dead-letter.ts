import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { retryDeadLetter } from '../../redis/dead-letters.ts';
import { execution } from '../runtime/execution.ts';
import { DURABLE_STREAMS, DURABLE_STREAM_NAMES, type DurableStreamName } from './stream-catalog.ts';

/** A Redis stream id (`<ms>-<seq>`), bounded so nothing else reaches XRANGE. */
const streamId = z
  .string()
  .max(33)
  .regex(/^\d{1,16}-\d{1,16}$/, 'must be a stream entry id such as 1718000000000-0');

/**
 * An admin's retry of one dead letter: its payload goes back on its stream as a new entry (with
 * a fresh delivery count) and the dead letter is removed, atomically. For a user, admins only;
 * agents (write scope) and the system may call it too, as every audited mutation.
 */
export const retryDeadLetterTool = defineTool({
  name: 'retry_dead_letter',
  description:
    'Re-publishes one dead letter of a durable Redis stream (see list_dead_letters) to its stream, where the ' +
    'consolidator reads it again, and removes it from the dead letters. Returns the new entry id.',
  readOnly: false,
  input: z.object({
    stream: z.enum(DURABLE_STREAM_NAMES).describe('The stream the dead letter came from.'),
    id: streamId.describe("The dead letter's id (from list_dead_letters)."),
  }),
  output: z.object({ stream: z.enum(DURABLE_STREAM_NAMES), id: z.string(), entry_id: z.string() }),
  async handler(args, { actor, services }) {
    if (actor.kind === 'user' && actor.role !== 'admin') return fail('forbidden', 'retrying a dead letter is for admins');
    if (actor.kind === 'anonymous') return fail('forbidden', 'retrying a dead letter needs a signed-in admin');
    const x = await execution(services);
    if ('status' in x) return x;
    const r = await retryDeadLetter(x.redis, DURABLE_STREAMS[args.stream].stream, args.id);
    if (!r.retried) {
      return r.why === 'not_found'
        ? fail('not_found', `no dead letter ${args.id} on ${args.stream} (retried or removed already?)`)
        : fail('conflict', `dead letter ${args.id} kept no payload (its entry had none): there is nothing to re-publish`);
    }
    const out: { stream: DurableStreamName; id: string; entry_id: string } = { stream: args.stream, id: args.id, entry_id: r.entry_id };
    return ok(out);
  },
});
