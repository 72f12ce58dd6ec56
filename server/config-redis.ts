/**
 * Where the process's Redis is: one server (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES, issue 32).
 * Every connection the process opens is made from a target by `connectRedis`, so no site chooses
 * between a single-node client and a Cluster client on its own.
 */
export type RedisTarget =
  | { kind: 'single'; url: string }
  | {
      kind: 'cluster';
      /** Seed nodes; the client discovers the rest of the cluster from them. */
      nodes: Array<{ host: string; port: number }>;
      username: string | undefined;
      password: string | undefined;
      /** `rediss://` seeds: every node is reached over TLS. */
      tls: boolean;
    };

/**
 * Parses REDIS_CLUSTER_NODES: `host:port` seeds separated by commas, each optionally written as a
 * REDIS_URL would be (`redis://[user:password@]host:port`, `rediss://` for TLS). Credentials and
 * scheme must agree across the seeds that state them (one cluster has one password); a database
 * number is refused, because a Redis Cluster has database 0 only. Returns an error sentence instead.
 */
export function parseClusterNodes(value: string): Extract<RedisTarget, { kind: 'cluster' }> | { error: string } {
  const seeds = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (seeds.length === 0) return { error: 'must list at least one host:port' };
  const nodes: Array<{ host: string; port: number }> = [];
  const auth = new Set<string>();
  const schemes = new Set<string>();
  for (const written of seeds) {
    // Errors name the seed without its credentials (configuration errors are printed and logged).
    const seed = written.replace(/\/\/[^@/]*@/, '//');
    let url: URL;
    try {
      url = new URL(written.includes('://') ? written : `redis://${written}`);
    } catch {
      return { error: `"${seed}" is not host:port` };
    }
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return { error: `"${seed}" must be host:port, redis://… or rediss://…` };
    const port = Number(url.port);
    if (!url.hostname || !Number.isInteger(port) || port < 1 || port > 65535) return { error: `"${seed}" needs a host and a port` };
    if (url.pathname !== '' && url.pathname !== '/') return { error: `"${seed}" names a database; a Redis Cluster has database 0 only` };
    nodes.push({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
    schemes.add(url.protocol);
    if (url.username || url.password) auth.add(`${url.username}\n${url.password}`);
  }
  if (schemes.size > 1) return { error: 'mixes redis:// and rediss:// seeds; a cluster is reached over TLS or not at all' };
  if (auth.size > 1) return { error: 'gives different credentials to different seeds; a cluster has one' };
  const [username, password] = auth.size === 1 ? [...auth][0]!.split('\n') : ['', ''];
  return {
    kind: 'cluster',
    nodes,
    username: username ? decodeURIComponent(username) : undefined,
    password: password ? decodeURIComponent(password) : undefined,
    tls: schemes.has('rediss:'),
  };
}

/** The environment that gives a child process (a `dcf worker`) the same Redis as `target`. */
export function redisTargetEnv(target: RedisTarget): { REDIS_URL: string } | { REDIS_CLUSTER_NODES: string } {
  if (target.kind === 'single') return { REDIS_URL: target.url };
  const scheme = target.tls ? 'rediss' : 'redis';
  const auth = target.password ? `${encodeURIComponent(target.username ?? '')}:${encodeURIComponent(target.password)}@` : '';
  return { REDIS_CLUSTER_NODES: target.nodes.map((n) => `${scheme}://${auth}${n.host}:${n.port}`).join(',') };
}

/** The target of one Redis server at `url` (REDIS_URL). */
export const singleRedis = (url: string): RedisTarget => ({ kind: 'single', url });
