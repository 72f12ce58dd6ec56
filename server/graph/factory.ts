import neo4j from 'neo4j-driver';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { CypherDriver } from './neo4j/driver-surface.ts';
import { createNeo4jGraph } from './neo4j/index.ts';
import type { KnowledgeGraph } from './port.ts';
import { createPostgresGraph } from './postgres/index.ts';

/**
 * The knowledge graph the configuration selects (docs/ARCHITECTURE.md "Ports and adapters"): tables
 * in the app database by default, Neo4j when NEO4J_URI is set. Synchronous: the Neo4j adapter
 * connects and creates its constraints on first use, so a Neo4j that is still starting does not
 * stop the console from starting (writes wait in the graph outbox meanwhile).
 */
export function createKnowledgeGraph(config: Pick<AppConfig, 'graph'>, db: Db): KnowledgeGraph {
  const g = config.graph;
  if (g.kind !== 'neo4j') return createPostgresGraph(db);
  const driver: CypherDriver = neo4j.driver(g.uri, g.password === undefined ? undefined : neo4j.auth.basic(g.user, g.password), {
    connectionTimeout: 5_000,
  });
  return createNeo4jGraph(driver, { ownsDriver: true });
}
