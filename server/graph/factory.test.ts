import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createKnowledgeGraph } from './factory.ts';

describe('createKnowledgeGraph', () => {
  const db = {} as Db; // not touched: both adapters are lazy

  it('uses the Postgres tables by default', async () => {
    const g = createKnowledgeGraph({ graph: { kind: 'postgres' } }, db);
    expect(g.kind).toBe('postgres');
    await g.close();
  });

  it('uses Neo4j when configured, without connecting until first use', async () => {
    const g = createKnowledgeGraph({ graph: { kind: 'neo4j', uri: 'bolt://127.0.0.1:1', user: 'neo4j', password: 'secret' } }, db);
    expect(g.kind).toBe('neo4j');
    await g.close();
  });
});
