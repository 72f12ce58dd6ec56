import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config-redis.ts';

export type { RedisTarget };

/** A connection of either kind: both share ioredis' command interface (Commander), which the ports use. */
export type RedisClient = Redis | Cluster;

/**
 * What a connection is for. `command`: the control plane's requests — they fail fast while
 * disconnected (no offline queue, one retry) so a dead Redis surfaces as an error, not a hung
 * request. `queue`: BullMQ's connections (its blocking worker connection too), which must retry
 * forever (`maxRetriesPerRequest: null`). `subscriber`: pub/sub, which reconnects and resubscribes.
 */
export type RedisRole = 'command' | 'queue' | 'subscriber';

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  command: { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 },
  queue: { maxRetriesPerRequest: null, enableReadyCheck: true },
  subscriber: { maxRetriesPerRequest: null },
};

/** Capped back-off for reconnecting, shared by both kinds. */
const backoff = (times: number) => Math.min(times * 200, 5_000);

/** Opens a connection to `target` for `role`; errors reach callers through their commands, not as "unhandled error" events. */
export function connectRedis(target: RedisTarget, role: RedisRole): RedisClient {
  const { enableOfflineQueue, lazyConnect, ...perNode } = ROLE_OPTIONS[role];
  let client: RedisClient;
  if (target.kind === 'single') {
    client = new Redis(target.url, { ...ROLE_OPTIONS[role], retryStrategy: backoff });
  } else {
    const options: ClusterOptions = {
      clusterRetryStrategy: backoff,
      ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
      ...(lazyConnect === undefined ? {} : { lazyConnect }),
      // BullMQ's blocking commands and MULTI need every command of a slot on its master.
      scaleReads: 'master',
      redisOptions: {
        ...perNode,
        ...(target.username ? { username: target.username } : {}),
        ...(target.password ? { password: target.password } : {}),
        ...(target.tls ? { tls: {} } : {}),
      },
    };
    client = new Cluster(target.nodes, options);
  }
  client.on('error', () => {});
  return client;
}

/** The target's address for logs and the health page, without its password. */
export function describeRedisTarget(target: RedisTarget): string {
  if (target.kind === 'cluster') return `cluster ${target.nodes.map((n) => `${n.host}:${n.port}`).join(',')}${target.tls ? ' (TLS)' : ''}`;
  const url = new URL(target.url);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * A subscriber beside `client`, to the same server or cluster: pub/sub needs a connection of its
 * own, which queues commands while (re)connecting so a SUBSCRIBE made early is sent once ready.
 */
export function subscriberOf(client: RedisClient): RedisClient {
  const override = { enableOfflineQueue: true, lazyConnect: false };
  const sub = client instanceof Cluster ? client.duplicate(undefined, override) : client.duplicate(override);
  sub.on('error', () => {});
  return sub;
}

/** The database number `client` works in: 0 on a cluster, which has no other. */
export const databaseOf = (client: RedisClient): number => (client instanceof Cluster ? 0 : (client.options.db ?? 0));

/**
 * The pub/sub channel `name` as `client` publishes and subscribes it. Redis pub/sub ignores
 * database numbers: every client of one redis-server hears every channel, so two deployments (or
 * two test files) on databases 1 and 2 of one server would receive each other's messages. A
 * channel is therefore prefixed with its database number (`db<n>:<name>`) — except in database 0,
 * which keeps the bare name, so single-database deployments and Redis Cluster (database 0 only)
 * see the channels they always had. Every publisher and subscriber goes through this; a hash tag
 * in `name` (`{runId}`) stays as it is.
 */
export function channelOf(client: RedisClient, name: string): string {
  const db = databaseOf(client);
  return db === 0 ? name : `db${db}:${name}`;
}
