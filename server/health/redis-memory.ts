import { Cluster } from 'ioredis';
import type { RedisClient } from '../redis/connection.ts';

/** One Redis server's memory (INFO memory), as Settings → Health shows it. */
export interface RedisNodeMemory {
  /** host:port of the node (a cluster's master), or of the single server. */
  node: string;
  usedBytes: number;
  peakBytes: number;
  /** The server's limit; null when it has none (maxmemory 0: it grows until the host runs out). */
  maxBytes: number | null;
  /** What Redis does at the limit (volatile-lru, noeviction, …). */
  policy: string;
  /** RSS over used memory (mem_fragmentation_ratio). */
  fragmentation: number;
}

/** INFO's `key:value` lines as a map. */
export function parseInfo(text: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !line.startsWith('#')) m.set(line.slice(0, i), line.slice(i + 1).trim());
  }
  return m;
}

function memoryOf(node: string, info: string): RedisNodeMemory {
  const m = parseInfo(info);
  const max = Number(m.get('maxmemory') ?? 0);
  return {
    node,
    usedBytes: Number(m.get('used_memory') ?? 0),
    peakBytes: Number(m.get('used_memory_peak') ?? 0),
    maxBytes: max > 0 ? max : null,
    policy: m.get('maxmemory_policy') ?? 'unknown',
    fragmentation: Number(m.get('mem_fragmentation_ratio') ?? 0),
  };
}

/** INFO memory of the server, or of every master of a Redis Cluster (each holds its own slots' keys). */
export async function readRedisMemory(redis: RedisClient): Promise<RedisNodeMemory[]> {
  if (redis instanceof Cluster) {
    const masters = redis.nodes('master');
    const rows = await Promise.all(masters.map(async (n) => memoryOf(`${n.options.host}:${n.options.port}`, await n.info('memory'))));
    return rows.sort((a, b) => a.node.localeCompare(b.node));
  }
  return [memoryOf(`${redis.options.host ?? 'localhost'}:${redis.options.port ?? 6379}`, await redis.info('memory'))];
}
