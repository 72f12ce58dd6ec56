import { Cluster, Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { channelOf } from './connection.ts';

// Clients that never connect: channelOf reads only their options.
const single = (db: number) => new Redis({ lazyConnect: true, db });
const clients = [single(0), single(3), single(255), new Cluster([{ host: '127.0.0.1', port: 7000 }], { lazyConnect: true })];
afterAll(() => clients.forEach((c) => c.disconnect()));

describe('channelOf', () => {
  const [db0, db3, db255, cluster] = clients as [Redis, Redis, Redis, Cluster];

  it('keeps the name in database 0 and on a Redis Cluster (the channels deployments had before)', () => {
    expect(channelOf(db0, 'dcf:events:all')).toBe('dcf:events:all');
    expect(channelOf(cluster, 'dcf:events:{run-1}')).toBe('dcf:events:{run-1}');
  });

  it("prefixes the database number otherwise, keeping a run channel's hash tag", () => {
    expect(channelOf(db3, 'dcf:events:{run-1}')).toBe('db3:dcf:events:{run-1}');
    expect(channelOf(db255, 'dcf:notifications:alerts')).toBe('db255:dcf:notifications:alerts');
    expect(channelOf(db3, 'dcf:events:all')).not.toBe(channelOf(db255, 'dcf:events:all'));
  });
});
