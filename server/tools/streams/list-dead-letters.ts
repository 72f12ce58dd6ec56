import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { listDeadLetters } from '../../redis/dead-letters.ts';
import { execution } from '../runtime/execution.ts';
import { DURABLE_STREAMS, DURABLE_STREAM_NAMES, type DurableStreamName } from './stream-catalog.ts';

const deadLetterOut = z.object({
  id: z.string(),
  source_id: z.string(),
  reason: z.enum(['malformed', 'failed']),
  error: z.string(),
  deliveries: z.number().int(),
  consumer: z.string(),
  dead_lettered_at: z.string(),
  payload_chars: z.number().int().nullable(),
});

/**
 * Settings → Health's dead letters: per durable stream, how many entries were given up and the
 * newest of them (why, after how many deliveries, by which consumer). Payloads are not returned:
 * a QA result holds a customer's call.
 */
export const listDeadLettersTool = defineTool({
  name: 'list_dead_letters',
  description:
    'Lists the dead letters of the durable Redis streams (QA results, knowledge-graph episodes): entries that were ' +
    'malformed or failed on every delivery and were set aside. Per stream: the count and the newest entries.',
  readOnly: true,
  input: z.object({ limit: z.number().int().min(1).max(100).default(20).describe('Newest dead letters per stream.') }),
  output: z.object({
    streams: z.array(
      z.object({
        stream: z.enum(DURABLE_STREAM_NAMES),
        label: z.string(),
        count: z.number().int(),
        entries: z.array(deadLetterOut),
      }),
    ),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if ('status' in x) return x;
    const streams = await Promise.all(
      DURABLE_STREAM_NAMES.map(async (name) => {
        const { label, stream } = DURABLE_STREAMS[name];
        const named: { stream: DurableStreamName; label: string } = { stream: name, label };
        return { ...named, ...(await listDeadLetters(x.redis, stream, args.limit)) };
      }),
    );
    return ok({ streams });
  },
});
