import {
  lintCypherQuery,
  MapContext,
  NodePatternContext,
  parse,
  parseParameters,
  PropertiesContext,
  PropertyContext,
  PropertyKeyNameContext,
  RelationshipPatternContext,
  type DbSchema,
  type ParserRuleContext,
} from '@neo4j-cypher/language-support';
import { GRAPH_VOCABULARY } from './vocabulary.ts';

/**
 * Test support: Neo4j's own Cypher parser and semantic analyser (@neo4j-cypher/language-support,
 * the library behind Neo4j's editors), configured for the Cypher 5 dialect of the Neo4j 5.26 the
 * compose file runs and for this graph's vocabulary. Only tests import it (a devDependency). Pinned
 * to 2.0.0-next.20, the last release that supports Node 20 (next.26 needs Node 22, next.36+ Node 24).
 */
const SCHEMA: DbSchema = {
  defaultLanguage: 'CYPHER 5',
  labels: [...GRAPH_VOCABULARY.labels],
  relationshipTypes: [...GRAPH_VOCABULARY.relationshipTypes],
  propertyKeys: [...GRAPH_VOCABULARY.propertyKeys, ...GRAPH_VOCABULARY.temporalAccessors],
};

/**
 * Every problem the parser reports — syntax and semantic errors, deprecations, unknown labels
 * or types — as `error|warning: message`, and every property key the parse tree names that the
 * vocabulary lacks (this release's linter checks labels and types, not property keys). "Parameter
 * $x is not defined" is not a problem: parameters are supplied at run time.
 */
export function lintCypher(query: string): string[] {
  const diagnostics = lintCypherQuery(query, SCHEMA)
    .map((d) => ({ severity: d.severity, message: typeof d.message === 'string' ? d.message : d.message.value }))
    .filter((d) => !(d.message.startsWith('Parameter ') && d.message.endsWith(' is not defined.')))
    .map((d) => `${d.severity === 1 ? 'error' : 'warning'}: ${d.message}`);
  if (diagnostics.some((d) => d.startsWith('error:'))) return diagnostics;
  const unknown = [...new Set(parse(query).flatMap((s) => graphPropertyKeys(s as unknown as Node)))].filter(
    (k) => !SCHEMA.propertyKeys!.includes(k),
  );
  return [...diagnostics, ...unknown.map((k) => `warning: Property key ${k} is not in the graph's vocabulary`)];
}

type Node = ParserRuleContext & { children?: Node[] | null; parentCtx?: Node | null };
const walk = (ctx: Node, visit: (ctx: Node) => void): void => {
  visit(ctx);
  for (const c of ctx.children ?? []) if ('children' in c) walk(c, visit);
};
const keyOf = (ctx: Node) => ctx.getText().replace(/^`|`$/g, '');

/**
 * The property keys a statement reads or writes on the graph, from Neo4j's parse tree: the keys of
 * a node or relationship pattern's `{key: …}` and `v.key` where `v` is a pattern's variable. A map's
 * keys (`RETURN {kind: …}`, `datetime({timezone: …})`, `use.skill` of an UNWIND row) name no property.
 */
function graphPropertyKeys(statement: Node): string[] {
  const variables = new Set<string>();
  walk(statement, (c) => {
    if (c instanceof NodePatternContext || c instanceof RelationshipPatternContext) {
      const v = c.variable();
      if (v) variables.add(v.getText());
    }
  });
  const keys: string[] = [];
  walk(statement, (c) => {
    if (!(c instanceof PropertyKeyNameContext)) return;
    const parent = c.parentCtx as Node;
    if (parent instanceof MapContext && parent.parentCtx instanceof PropertiesContext) keys.push(keyOf(c));
    if (!(parent instanceof PropertyContext)) return;
    // `v.key` is a PropertyExpression (v, .key) or a postfix whose owner is its parent's first child.
    const holder = parent.parentCtx as Node;
    const owner = holder.children?.[0] === parent ? holder.parentCtx?.children?.[0] : holder.children?.[0];
    if (owner && variables.has(owner.getText())) keys.push(keyOf(c));
  });
  return keys;
}

/** The `$parameters` a statement references, sorted and without duplicates. */
export function statementParameters(query: string): string[] {
  return [...new Set(parseParameters(query, false))].sort();
}
