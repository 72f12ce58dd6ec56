import { isNotParamError, lintCypherQuery, parseParameters, type DbSchema } from '@neo4j-cypher/language-support';

const text = (m: string | { value: string }) => (typeof m === 'string' ? m : m.value);
import { GRAPH_VOCABULARY } from './vocabulary.ts';

/**
 * Test support: Neo4j's own Cypher parser and semantic analyser (@neo4j-cypher/language-support,
 * the library behind Neo4j's editors), configured for the Cypher 5 dialect of the Neo4j 5.26 the
 * compose file runs and for this graph's vocabulary. Only tests import it (a devDependency).
 */
const SCHEMA: DbSchema = {
  defaultLanguage: 'CYPHER 5',
  labels: [...GRAPH_VOCABULARY.labels],
  relationshipTypes: [...GRAPH_VOCABULARY.relationshipTypes],
  propertyKeys: [...GRAPH_VOCABULARY.propertyKeys, ...GRAPH_VOCABULARY.temporalAccessors],
};

/**
 * Every problem the parser reports — syntax and semantic errors, deprecations, unknown labels,
 * types or properties — as `error|warning: message`. "Parameter $x is not defined" is not a
 * problem: parameters are supplied at run time.
 */
export function lintCypher(query: string): string[] {
  return lintCypherQuery(query, SCHEMA)
    .diagnostics.map((d) => ({ severity: d.severity, message: text(d.message) }))
    .filter(isNotParamError)
    .map((d) => `${d.severity === 1 ? 'error' : 'warning'}: ${d.message}`);
}

/** The `$parameters` a statement references, sorted and without duplicates. */
export function statementParameters(query: string): string[] {
  return [...new Set(parseParameters(query, false))].sort();
}
