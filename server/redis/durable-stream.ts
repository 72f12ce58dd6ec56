import type { Redis } from 'ioredis';

/**
 * A durable hand-over from processes that stay off the database (workers) to the process that
 * owns it: producers XADD JSON messages to a Redis stream; the owner reads them through a consumer
 * group and acknowledges an entry only after it has written it, so a crash in between re-delivers
 * it (consumers must be idempotent). The stream lives as long as Redis persists (AOF).
 */
export interface DurableStream<M> {
  readonly name: string;
  publish(redis: Redis, message: M): Promise<string>;
  /** Entries for `consumer`: first its own unacknowledged ones (a crash before ack), then new ones. */
  read(redis: Redis, consumer: string, count: number): Promise<Array<{ id: string; message: M }>>;
  ack(redis: Redis, id: string): Promise<void>;
}

export function durableStream<M>(name: string, group: string): DurableStream<M> {
  // Checked on every read (one cheap command): a flushed or deleted stream loses its group too.
  const ensureGroup = async (redis: Redis) => {
    try {
      // From the start of the stream, so nothing published before the group existed is missed.
      await redis.xgroup('CREATE', name, group, '0', 'MKSTREAM');
    } catch (err) {
      if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
    }
  };
  return {
    name,
    publish: async (redis, message) => (await redis.xadd(name, '*', 'm', JSON.stringify(message)))!,
    async read(redis, consumer, count) {
      await ensureGroup(redis);
      const out: Array<{ id: string; message: M }> = [];
      for (const from of ['0', '>']) {
        type Reply = Array<[string, Array<[string, string[]]>]> | null;
        const res = (await redis.xreadgroup('GROUP', group, consumer, 'COUNT', count, 'STREAMS', name, from)) as Reply;
        for (const [, entries] of res ?? []) {
          for (const [id, fields] of entries) if (fields.length >= 2) out.push({ id, message: JSON.parse(fields[1]!) as M });
        }
        if (out.length) break;
      }
      return out;
    },
    ack: async (redis, id) => {
      await redis.xack(name, group, id);
    },
  };
}
