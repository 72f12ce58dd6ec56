import type { CypherDriver, CypherResult, CypherSession, CypherTransaction } from './driver-surface.ts';

/**
 * Test support: a fake neo4j-driver that implements the surface the adapter uses
 * (driver-surface.ts) and records every statement sent — text, parameters, access mode — and
 * every session opened and closed. Answers come from `respond`, keyed by the statement text.
 */
export interface RecordedCall {
  query: string;
  parameters: Record<string, unknown>;
  mode: 'READ' | 'WRITE';
}

export type Responder = (query: string, parameters: Record<string, unknown>) => Array<Record<string, unknown>>;

export class RecordingDriver implements CypherDriver {
  readonly calls: RecordedCall[] = [];
  readonly sessionConfigs: Array<{ database?: string; defaultAccessMode?: 'READ' | 'WRITE' } | undefined> = [];
  sessionsOpened = 0;
  sessionsClosed = 0;
  closed = false;

  constructor(public respond: Responder = () => []) {}

  session(config?: { database?: string; defaultAccessMode?: 'READ' | 'WRITE' }): CypherSession {
    this.sessionsOpened += 1;
    this.sessionConfigs.push(config);
    const open = (mode: 'READ' | 'WRITE'): CypherTransaction => ({
      run: async (query: string, parameters: Record<string, unknown>): Promise<CypherResult> => {
        this.calls.push({ query, parameters, mode });
        return { records: this.respond(query, parameters).map((row) => ({ toObject: () => row })) };
      },
    });
    let closed = false;
    return {
      executeRead: (work) => work(open('READ')),
      executeWrite: (work) => work(open('WRITE')),
      close: async () => {
        if (closed) throw new Error('session closed twice');
        closed = true;
        this.sessionsClosed += 1;
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
