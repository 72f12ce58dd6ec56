import { describe, expect, it } from 'vitest';
import { lintCypher, statementParameters } from './cypher-lint.ts';
import { CYPHER_STATEMENTS, SCHEMA_STATEMENTS } from './statements.ts';

/**
 * No Neo4j can run here, so every statement the adapter can send is checked by Neo4j's Cypher
 * parser instead: syntax, semantics (variables in scope, MERGE rules, function arity),
 * deprecations, and the graph's vocabulary (a misspelt label or property fails too).
 */
describe('Neo4j adapter statements', { timeout: 30_000 }, () => {
  const statements = Object.entries(CYPHER_STATEMENTS);

  it('are all enumerated (the parser test and the recording test see the same set)', () => {
    expect(statements.length).toBeGreaterThanOrEqual(25);
    for (const s of SCHEMA_STATEMENTS) expect(Object.values(CYPHER_STATEMENTS)).toContain(s);
    expect(new Set(Object.values(CYPHER_STATEMENTS)).size).toBe(statements.length);
  });

  it.each(statements)('%s parses without errors or warnings', (_name, query) => {
    expect(lintCypher(query)).toEqual([]);
  });

  it('carry values only as parameters: no string or number literals except fixed vocabulary', () => {
    for (const [name, query] of statements) {
      // Quoted literals allowed: '' (empty placeholder description), the three outcome names and the four run statuses.
      const vocabulary = ['', 'success', 'failure', 'caller_error', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'];
      const literals = [...query.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect(
        literals.filter((l) => !vocabulary.includes(l!)),
        name,
      ).toEqual([]);
    }
  });

  it('reference parameters the adapter can name (snake_case)', () => {
    for (const [name, query] of statements) for (const p of statementParameters(query)) expect(p, name).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});

describe('the Cypher check itself', { timeout: 30_000 }, () => {
  it('fails a statement with a syntax error', () => {
    expect(lintCypher('MATCH (s:Skill {uri: $uri} RETURN s')[0]).toMatch(/^error: Invalid input/);
    expect(lintCypher('MATCH (s:Skill) RETRUN s').some((p) => p.startsWith('error:'))).toBe(true);
  });

  it('fails a statement that is well-formed but invalid', () => {
    expect(lintCypher('MATCH (s:Skill) RETURN t')).toEqual(['error: Variable `t` not defined']);
    expect(lintCypher('MERGE (a:Workflow)-[:VERSION_OF|REFINEMENT_OF]->(b:Workflow)')[0]).toMatch(/single relationship type/);
    expect(lintCypher('RETURN percentileCont(1, 0.5, 3) AS p')[0]).toMatch(/^error: Too many parameters/);
  });

  it('fails a misspelt label, relationship type or property, and deprecated syntax', () => {
    expect(lintCypher('MATCH (s:Skil)-[:USED_SKIL]->(x) RETURN s.urri')).toHaveLength(3);
    expect(lintCypher('MATCH (s:Skill {urri: $u}) RETURN s')).toEqual([expect.stringMatching(/Property key urri/)]);
    // A map's keys and an UNWIND row's fields are not graph properties.
    expect(lintCypher('UNWIND $uses AS use MATCH (s:Skill {uri: use.skil}) RETURN {kind: s.uri} AS k')).toEqual([]);
    expect(lintCypher('MATCH (s:Skill) CALL { WITH s RETURN 1 AS one } RETURN one')[0]).toMatch(/^warning: .*deprecated/);
  });

  it('reads the parameters a statement references', () => {
    expect(statementParameters('MATCH (s:Skill {uri: $uri}) RETURN s LIMIT $limit')).toEqual(['limit', 'uri']);
  });
});
