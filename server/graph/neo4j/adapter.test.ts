import { beforeEach, describe, expect, it } from 'vitest';
import type { KnowledgeGraph } from '../port.ts';
import { statementParameters } from './cypher-lint.ts';
import { createNeo4jGraph } from './index.ts';
import type { RecordingDriver } from './recording-driver.ts';
import * as S from './statements.ts';
import { ALL, answers, exerciseEveryMethod, MARK, recordingGraph } from './testing-fake-driver.ts';

/**
 * The Neo4j adapter against a recording fake driver: what it sends (only the parsed statement
 * constants, every referenced parameter and no other, values never in the text, integers as
 * Bolt integers) and how it uses sessions. Writes and reads: adapter-writes.test.ts, adapter-reads.test.ts.
 */

describe('Neo4j adapter (recording driver)', { timeout: 30_000 }, () => {
  let driver: RecordingDriver;
  let g: KnowledgeGraph;
  beforeEach(() => {
    ({ driver, g } = recordingGraph());
  });

  it('sends only the statement constants, and every one of them is used', async () => {
    await exerciseEveryMethod(g);
    for (const c of driver.calls) expect(ALL.has(c.query), c.query).toBe(true);
    expect(new Set(driver.calls.map((c) => c.query))).toEqual(ALL);
  });

  it('passes exactly the parameters each statement references', async () => {
    await exerciseEveryMethod(g);
    for (const c of driver.calls) expect(Object.keys(c.parameters).sort(), c.query).toEqual(statementParameters(c.query));
  });

  it('never puts a value into statement text', async () => {
    await exerciseEveryMethod(g);
    for (const c of driver.calls) {
      expect(c.query).not.toContain(MARK);
      expect(c.query).not.toContain('DETACH DELETE');
    }
    // …while the values did reach the server, as parameters.
    const sent = JSON.stringify(driver.calls.map((c) => c.parameters));
    expect(sent).toContain(`run-${MARK}`);
    expect(sent).toContain(`name ${MARK}'; DETACH DELETE n //`);
  });

  it('creates the schema once, first, one write transaction per statement; ping does not need it', async () => {
    await g.ping();
    expect(driver.calls.map((c) => c.query)).toEqual([S.PING]);
    await g.lineage('x');
    await g.lineage('y');
    const queries = driver.calls.map((c) => c.query);
    expect(queries.slice(1, 1 + S.SCHEMA_STATEMENTS.length)).toEqual([...S.SCHEMA_STATEMENTS]);
    expect(queries.filter((q) => q === S.CONSTRAINT_SKILL_URI)).toHaveLength(1);
    expect(driver.calls.filter((c) => (S.SCHEMA_STATEMENTS as readonly string[]).includes(c.query)).every((c) => c.mode === 'WRITE')).toBe(
      true,
    );
    expect(driver.sessionsOpened).toBe(1 + S.SCHEMA_STATEMENTS.length + 2);
  });

  it('uses read transactions for reads and write transactions for writes, and closes every session', async () => {
    await exerciseEveryMethod(g);
    const writes = new Set<string>([
      S.UPSERT_SKILL,
      S.UPSERT_WORKFLOW_VERSION,
      S.LINK_VERSION_OF,
      S.LINK_REFINEMENT_OF,
      S.CLAIM_EXECUTION,
      S.RECORD_EXECUTION,
      S.RECORD_SKILL_USES,
      S.BUMP_SKILL_COUNTERS,
      S.CLAIM_TASK,
      S.RECORD_TASK,
      S.RECORD_TASK_SKILL_USES,
      S.RECORD_PATTERN_EPISODE,
      ...S.SCHEMA_STATEMENTS,
      // The correction reads the failures in its own write transaction, so nothing changes between the read and the write.
      S.FAILED_USES,
      S.RECLASSIFY_CALLER_ERRORS,
    ]);
    for (const c of driver.calls) expect(c.mode, c.query).toBe(writes.has(c.query) ? 'WRITE' : 'READ');
    expect(driver.sessionsClosed).toBe(driver.sessionsOpened);
    expect(driver.sessionConfigs.every((s) => s?.database === 'dcf')).toBe(true);
  });

  it('closes the session when a statement fails, and retries the schema after a failed first attempt', async () => {
    let down = true;
    driver.respond = (q, p) => {
      if (down) throw new Error('ServiceUnavailable');
      return answers(q, p);
    };
    await expect(g.lineage('a')).rejects.toThrow('ServiceUnavailable');
    expect(driver.sessionsClosed).toBe(driver.sessionsOpened);
    down = false;
    await g.lineage('a');
    expect(driver.calls.filter((c) => c.query === S.CONSTRAINT_SKILL_URI)).toHaveLength(2);
  });

  it('closes the driver only when it owns it', async () => {
    await g.close();
    expect(driver.closed).toBe(false);
    await createNeo4jGraph(driver, { ownsDriver: true }).close();
    expect(driver.closed).toBe(true);
  });
});
