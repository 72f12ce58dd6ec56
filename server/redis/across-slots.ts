import { Cluster } from 'ioredis';
import type { RedisClient } from './connection.ts';

/** One command: its name and arguments, the first argument its only key. */
export type KeyedCommand = [command: string, key: string, ...args: Array<string | number>];

/**
 * Runs commands whose keys may lie in different Redis Cluster slots (keys of many runs) in about
 * one round trip, each reply in a pipeline's `[error, reply]` shape, in order. On one server that
 * is a pipeline. An ioredis Cluster pipeline must keep every key on one node (it fails otherwise),
 * so on a cluster each command goes on its own, all at once. Not atomic either way (nor is a
 * pipeline): a caller that needs atomicity keeps its keys in one slot and uses MULTI or a script.
 */
export async function execAcrossSlots(redis: RedisClient, commands: KeyedCommand[]): Promise<Array<[Error | null, unknown]>> {
  if (commands.length === 0) return [];
  if (!(redis instanceof Cluster)) return ((await redis.pipeline(commands).exec()) ?? []) as Array<[Error | null, unknown]>;
  return Promise.all(
    commands.map(([command, ...args]) =>
      redis.call(command, ...args).then(
        (reply): [null, unknown] => [null, reply],
        (err: unknown): [Error, null] => [err as Error, null],
      ),
    ),
  );
}
