import type { RedisClient } from '../redis/connection.ts';

/** A durable stream as this reader needs it (server/redis/durable-stream.ts). */
export interface StreamToRead {
  label: string;
  stream: { name: string; group: string; deadLetters: string };
}

/** One consumer group of a durable stream: how far behind it is. */
export interface ConsumerGroupLag {
  group: string;
  consumers: number;
  /** Entries added that the group has not read yet (XINFO GROUPS `lag`); null when Redis cannot tell (after deletions). */
  lag: number | null;
  /** Read but not acknowledged (being written, or left by a consumer that died). */
  pending: number;
  /** When the oldest unacknowledged entry was added (ISO-8601, from its id), null when none is pending. */
  oldestPendingSince: string | null;
}

export interface StreamLag {
  stream: string;
  label: string;
  length: number;
  deadLetters: number;
  /** The stream's consumer groups; empty when nothing has read it yet (then all `length` entries wait). */
  groups: ConsumerGroupLag[];
}

const idTime = (id: string) => new Date(Number(id.split('-')[0])).toISOString();

/** A flat XINFO reply ([k1, v1, k2, v2, …]) as a map. */
function pairs(reply: unknown): Map<string, unknown> {
  const list = Array.isArray(reply) ? reply : [];
  const m = new Map<string, unknown>();
  for (let i = 0; i + 1 < list.length; i += 2) m.set(String(list[i]), list[i + 1]);
  return m;
}

/**
 * Each durable stream's length, dead letters and, per consumer group, its lag (XINFO GROUPS,
 * Redis 7) and pending entries with the oldest one's age (XPENDING's summary). A stream that does
 * not exist yet reads as empty. Each stream's keys share its slot, so this runs on Redis Cluster.
 */
export async function readStreamLag(redis: RedisClient, streams: readonly StreamToRead[]): Promise<StreamLag[]> {
  return Promise.all(
    streams.map(async ({ label, stream }): Promise<StreamLag> => {
      const [length, deadLetters, exists] = await Promise.all([
        redis.xlen(stream.name),
        redis.xlen(stream.deadLetters),
        redis.exists(stream.name),
      ]);
      const infos: unknown[] = exists ? ((await redis.call('XINFO', 'GROUPS', stream.name)) as unknown[]) : [];
      const groups = await Promise.all(
        infos.map(async (raw): Promise<ConsumerGroupLag> => {
          const g = pairs(raw);
          const group = String(g.get('name'));
          const summary = (await redis.xpending(stream.name, group)) as [number, string | null, string | null, unknown];
          const lag = g.get('lag');
          return {
            group,
            consumers: Number(g.get('consumers') ?? 0),
            lag: lag === null || lag === undefined ? null : Number(lag),
            pending: Number(summary[0] ?? 0),
            oldestPendingSince: summary[1] ? idTime(summary[1]) : null,
          };
        }),
      );
      return { stream: stream.name, label, length, deadLetters, groups };
    }),
  );
}
