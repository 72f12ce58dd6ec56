import type { RedisClient } from './connection.ts';
import type { z } from 'zod';

/**
 * A durable hand-over from processes that stay off the database (workers) to the process that
 * owns it: producers XADD JSON messages to a Redis stream; the owner reads them through a consumer
 * group and acknowledges an entry only after it has written it, so a crash in between re-delivers
 * it (consumers must be idempotent). The stream lives as long as Redis persists (AOF).
 *
 * Delivery (docs/streams.md): at least once. A consumer is named after its
 * role (stream-consumer.ts), not its process, and every read also claims entries another consumer
 * has left unacknowledged for longer than `claimIdleMs` (XAUTOCLAIM), so an entry read by a
 * process that died is taken over by whichever consumer reads next. Redis counts every delivery
 * (XPENDING); what counts as a failed attempt and when an entry is dead-lettered is decided by
 * consumeStream (stream-consumer.ts).
 */
export interface DurableStream<M> {
  readonly name: string;
  readonly group: string;
  /** Where entries that cannot be consumed go (dead-letters.ts). */
  readonly deadLetters: string;
  publish(redis: RedisClient, message: M): Promise<string>;
  /**
   * Up to `count` entries for `consumer`: its own unacknowledged ones (a crash before ack), then
   * entries idle under other consumers for at least `claimIdleMs` (now its own), then new ones.
   * An entry whose payload is missing, not JSON or not a valid message comes back `malformed`.
   */
  read(redis: RedisClient, consumer: string, count: number, claimIdleMs: number): Promise<StreamEntry<M>[]>;
  ack(redis: RedisClient, id: string): Promise<void>;
}

/** A read entry: its message, or why it has none (`raw` is the payload as published, if any). */
export type StreamEntry<M> =
  | { id: string; message: M; malformed?: undefined; raw: string }
  | { id: string; message?: undefined; malformed: string; raw: string | null };

/** The one field a durable stream's entry carries: the message as JSON. */
export const PAYLOAD_FIELD = 'm';

type Fields = string[] | null;

/** Decodes one entry's fields; never throws (a bad entry must not stop the ones behind it). */
export function decodeEntry<M>(schema: z.ZodType<M>, id: string, fields: string[]): StreamEntry<M> {
  let raw: string | null = null;
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === PAYLOAD_FIELD) raw = fields[i + 1]!;
  if (raw === null) return { id, malformed: `no "${PAYLOAD_FIELD}" field`, raw: null };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // The parser's message quotes the payload; the dead letter keeps the payload, not a copy of it.
    return { id, malformed: `not valid JSON (${raw.length} characters)`, raw };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`);
    return { id, malformed: `not a valid message: ${issues.join('; ')}`, raw };
  }
  return { id, message: parsed.data, raw };
}

/**
 * The dead-letter stream of `name`, in `name`'s Redis Cluster slot (dead-letters.ts moves entries
 * between the two in one script): `{name}:dead` hashes `name`, as the brace-less `name` itself does.
 * Before issue 32 it was `name:dead` (key-migration.ts moves that into it).
 */
export const deadLettersOf = (name: string) => `{${name}}:dead`;

export function durableStream<M>(name: string, group: string, schema: z.ZodType<M>): DurableStream<M> {
  // Checked on every read (one cheap command): a flushed or deleted stream loses its group too.
  const ensureGroup = async (redis: RedisClient) => {
    try {
      // From the start of the stream, so nothing published before the group existed is missed.
      await redis.xgroup('CREATE', name, group, '0', 'MKSTREAM');
    } catch (err) {
      if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
    }
  };
  // Where each consumer's XAUTOCLAIM scan of the group's pending list goes on from ('0-0': start).
  const cursors = new Map<string, string>();
  type ReadReply = Array<[string, Array<[string, Fields]>]> | null;
  const readGroup = async (redis: RedisClient, consumer: string, count: number, from: '0' | '>') => {
    const res = (await redis.xreadgroup('GROUP', group, consumer, 'COUNT', count, 'STREAMS', name, from)) as ReadReply;
    return (res ?? []).flatMap(([, entries]) => entries);
  };
  const claimIdle = async (redis: RedisClient, consumer: string, count: number, claimIdleMs: number) => {
    const cursor = cursors.get(consumer) ?? '0-0';
    type ClaimReply = [string, Array<[string, Fields] | null>, ...unknown[]];
    const [next, entries] = (await redis.xautoclaim(name, group, consumer, claimIdleMs, cursor, 'COUNT', count)) as ClaimReply;
    cursors.set(consumer, next);
    // Redis 6.2 answers nil for a pending entry deleted from the stream; 7 drops it from the list.
    return entries.filter((e): e is [string, Fields] => e !== null);
  };
  return {
    name,
    group,
    deadLetters: deadLettersOf(name),
    publish: async (redis, message) => (await redis.xadd(name, '*', PAYLOAD_FIELD, JSON.stringify(message)))!,
    async read(redis, consumer, count, claimIdleMs) {
      await ensureGroup(redis);
      const raw = await readGroup(redis, consumer, count, '0');
      if (raw.length < count) raw.push(...(await claimIdle(redis, consumer, count - raw.length, claimIdleMs)));
      if (raw.length < count) raw.push(...(await readGroup(redis, consumer, count - raw.length, '>')));
      const seen = new Set<string>();
      const out: StreamEntry<M>[] = [];
      for (const [id, fields] of raw) {
        if (seen.has(id)) continue; // own and idle at once: only with a claim time of 0
        seen.add(id);
        // Pending but deleted from the stream (XDEL, trimming): nothing is left to consume.
        if (fields === null) await redis.xack(name, group, id);
        else out.push(decodeEntry(schema, id, fields));
      }
      return out;
    },
    ack: async (redis, id) => {
      await redis.xack(name, group, id);
    },
  };
}
