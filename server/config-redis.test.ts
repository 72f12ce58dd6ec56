import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config.ts';
import { parseClusterNodes, redisTargetEnv } from './config-redis.ts';

describe('REDIS_CLUSTER_NODES', () => {
  it('reads host:port seeds as a cluster target (no credentials, no TLS)', () => {
    const c = loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7001,' }, '/srv/dcf');
    expect(c.redis).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
      username: undefined,
      password: undefined,
      tls: false,
    });
  });

  it("takes REDIS_URL's credentials and TLS from URL-written seeds, and gives them back to a child process", () => {
    const nodes = 'rediss://ops:p%40ss@a.example:6380,rediss://ops:p%40ss@b.example:6380';
    const target = parseClusterNodes(nodes);
    expect(target).toMatchObject({ username: 'ops', password: 'p@ss', tls: true });
    expect('error' in target).toBe(false);
    const env: Record<string, string> = 'error' in target ? {} : redisTargetEnv(target);
    expect(parseClusterNodes(env.REDIS_CLUSTER_NODES ?? '')).toEqual(target);
  });

  it.each([
    ['', 'at least one host:port'],
    ['a.example', 'needs a host and a port'],
    ['redis://a.example:7000/2', 'database 0 only'],
    ['redis://a:1,rediss://b:2', 'mixes redis:// and rediss://'],
    ['redis://:x@a:1,redis://:y@b:2', 'different credentials'],
    ['http://a:1', 'must be host:port'],
  ])('refuses %j (%s)', (value, why) => {
    expect(parseClusterNodes(value)).toEqual({ error: expect.stringContaining(why) });
  });

  it('is refused by name in the configuration (its passwords hidden), and together with REDIS_URL', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis://:secret@a:7000/1' })).toThrow(
      /REDIS_CLUSTER_NODES \(hidden\).*database 0 only/,
    );
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_URL: 'redis://b:6379' })).toThrow(ConfigError);
  });
});
