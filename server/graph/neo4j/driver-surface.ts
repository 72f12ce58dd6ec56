/**
 * The part of neo4j-driver the adapter uses, as structural types: the real `Driver` satisfies
 * them (factory.ts assigns one), and the recording fake in the unit tests implements exactly
 * this — sessions, managed transactions and `run(query, parameters)`.
 */

export interface CypherRecord {
  toObject(): Record<string, unknown>;
}

export interface CypherResult {
  records: CypherRecord[];
}

/** A managed transaction: statements run inside `executeRead` / `executeWrite` work. */
export interface CypherTransaction {
  run(query: string, parameters: Record<string, unknown>): PromiseLike<CypherResult>;
}

export interface CypherSession {
  executeRead<T>(work: (tx: CypherTransaction) => Promise<T>): Promise<T>;
  executeWrite<T>(work: (tx: CypherTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface CypherDriver {
  session(config?: { database?: string; defaultAccessMode?: 'READ' | 'WRITE' }): CypherSession;
  close(): Promise<void>;
}
