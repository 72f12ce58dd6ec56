import type { CypherDriver, CypherTransaction } from './driver-surface.ts';
import { SCHEMA_STATEMENTS } from './statements.ts';

/**
 * Sessions for the adapter: one short-lived session per port call, managed transactions (the
 * driver retries transient failures), and the schema statements run once before the first
 * call — lazily, so creating the adapter never blocks and a Neo4j that is down at start-up is
 * retried on the next call.
 */
export interface CypherClient {
  read<T>(work: (tx: CypherTransaction) => Promise<T>): Promise<T>;
  write<T>(work: (tx: CypherTransaction) => Promise<T>): Promise<T>;
  /** A read that does not wait for the schema (health checks must not need write rights). */
  readWithoutSchema<T>(work: (tx: CypherTransaction) => Promise<T>): Promise<T>;
}

export function cypherClient(driver: CypherDriver, database: string | undefined): CypherClient {
  let schema: Promise<void> | null = null;

  async function withSession<T>(mode: 'READ' | 'WRITE', work: (tx: CypherTransaction) => Promise<T>): Promise<T> {
    const session = driver.session({ ...(database ? { database } : {}), defaultAccessMode: mode });
    try {
      return mode === 'READ' ? await session.executeRead(work) : await session.executeWrite(work);
    } finally {
      await session.close();
    }
  }

  /** Schema commands cannot share a transaction with data writes: one transaction each. */
  function ensureSchema(): Promise<void> {
    schema ??= (async () => {
      for (const statement of SCHEMA_STATEMENTS) await withSession('WRITE', async (tx) => void (await tx.run(statement, {})));
    })().catch((err: unknown) => {
      schema = null;
      throw err;
    });
    return schema;
  }

  return {
    read: async (work) => {
      await ensureSchema();
      return withSession('READ', work);
    },
    write: async (work) => {
      await ensureSchema();
      return withSession('WRITE', work);
    },
    readWithoutSchema: (work) => withSession('READ', work),
  };
}
