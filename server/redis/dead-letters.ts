import type { RedisClient } from './connection.ts';
import { PAYLOAD_FIELD, type DurableStream } from './durable-stream.ts';

/**
 * A durable stream's dead letters: entries that cannot be consumed (malformed, or failing every
 * time) move to the stream `{<name>}:dead` (its slot, durable-stream.ts), so they stop being re-read and the entries behind them
 * flow. A dead letter keeps the payload as published and why it was given up; retrying it
 * re-publishes the payload to its stream as a new entry (with a fresh delivery count) and removes
 * the dead letter. Both moves are single Lua scripts, so an entry is never in both places or in
 * neither, and two consumers giving up the same entry dead-letter it once.
 */

export type DeadLetterReason = 'malformed' | 'failed';

/** A dead letter as the health page shows it: what happened, not the payload (it may hold customer data). */
export interface DeadLetter {
  /** The dead letter's id in `{<name>}:dead`; its time is when the entry was given up. */
  id: string;
  /** The entry's id in its stream. */
  source_id: string;
  reason: DeadLetterReason;
  error: string;
  /** How many times the entry had been delivered when it was given up. */
  deliveries: number;
  /** The consumer that gave it up. */
  consumer: string;
  dead_lettered_at: string;
  /** Characters of the payload kept for a retry; null when the entry had none. */
  payload_chars: number | null;
}

/** Longest error text kept with a dead letter (a driver's message can be long). */
const MAX_ERROR_CHARS = 500;

// KEYS: stream, dead-letter stream. ARGV: group, id, then the dead letter's field/value pairs.
// Acknowledges first: only the consumer whose XACK took the entry off the pending list adds it.
const DEAD_LETTER = `
if redis.call('XACK', KEYS[1], ARGV[1], ARGV[2]) == 0 then return false end
local fields = {}
for i = 3, #ARGV do fields[#fields + 1] = ARGV[i] end
return redis.call('XADD', KEYS[2], '*', unpack(fields))`;

// KEYS: stream, dead-letter stream. ARGV: dead letter id, payload field.
// Returns the new entry's id, 0 when there is no such dead letter, -1 when it has no payload.
const RETRY = `
local found = redis.call('XRANGE', KEYS[2], ARGV[1], ARGV[1])
if #found == 0 then return 0 end
local fields = found[1][2]
for i = 1, #fields, 2 do
  if fields[i] == ARGV[2] then
    local id = redis.call('XADD', KEYS[1], '*', ARGV[2], fields[i + 1])
    redis.call('XDEL', KEYS[2], ARGV[1])
    return id
  end
end
return -1`;

/**
 * Moves a pending entry to the dead letters and acknowledges it, atomically. Returns the dead
 * letter's id, or null when the entry was no longer pending (another consumer settled it).
 */
export async function deadLetter(
  redis: RedisClient,
  stream: DurableStream<unknown>,
  entry: { id: string; raw: string | null },
  why: { reason: DeadLetterReason; error: string; deliveries: number; consumer: string },
): Promise<string | null> {
  const fields = [
    'source_id',
    entry.id,
    'reason',
    why.reason,
    'error',
    why.error.slice(0, MAX_ERROR_CHARS),
    'deliveries',
    String(why.deliveries),
    'consumer',
    why.consumer,
    ...(entry.raw === null ? [] : [PAYLOAD_FIELD, entry.raw]),
  ];
  const id = await redis.eval(DEAD_LETTER, 2, stream.name, stream.deadLetters, stream.group, entry.id, ...fields);
  return typeof id === 'string' ? id : null;
}

const fieldMap = (fields: string[]) => {
  const m = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) m.set(fields[i]!, fields[i + 1]!);
  return m;
};

/** The time in a stream id (milliseconds since the epoch), as ISO-8601. */
const idTime = (id: string) => new Date(Number(id.split('-')[0])).toISOString();

/** How many dead letters a stream has, and the newest `limit` of them (newest first). */
export async function listDeadLetters(
  redis: RedisClient,
  stream: DurableStream<unknown>,
  limit: number,
): Promise<{ count: number; entries: DeadLetter[] }> {
  const [count, newest] = await Promise.all([
    redis.xlen(stream.deadLetters),
    redis.xrevrange(stream.deadLetters, '+', '-', 'COUNT', limit),
  ]);
  const entries = newest.map(([id, fields]): DeadLetter => {
    const f = fieldMap(fields);
    const payload = f.get(PAYLOAD_FIELD);
    return {
      id,
      source_id: f.get('source_id') ?? '',
      reason: f.get('reason') === 'malformed' ? 'malformed' : 'failed',
      error: f.get('error') ?? '',
      deliveries: Number(f.get('deliveries') ?? 0),
      consumer: f.get('consumer') ?? '',
      dead_lettered_at: idTime(id),
      payload_chars: payload === undefined ? null : payload.length,
    };
  });
  return { count, entries };
}

export type RetryOutcome = { retried: true; entry_id: string } | { retried: false; why: 'not_found' | 'no_payload' };

/** Re-publishes a dead letter's payload to its stream and removes the dead letter. */
export async function retryDeadLetter(redis: RedisClient, stream: DurableStream<unknown>, id: string): Promise<RetryOutcome> {
  const r = await redis.eval(RETRY, 2, stream.name, stream.deadLetters, id, PAYLOAD_FIELD);
  if (typeof r === 'string') return { retried: true, entry_id: r };
  return { retried: false, why: r === -1 ? 'no_payload' : 'not_found' };
}
