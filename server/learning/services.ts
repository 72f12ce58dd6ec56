import type { Db } from '../db/client.ts';
import { createKnowledgeGraph } from '../graph/factory.ts';
import type { KnowledgeGraph } from '../graph/port.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { OpenAiCompatibleEmbedder, type Embedder } from './embeddings/embedder.ts';
import { fail, type ToolFailure } from '../tool-result.ts';

const graphs = new WeakMap<Db, KnowledgeGraph>();

/**
 * The database and knowledge graph the learning tools use, the embedder when an embedding
 * endpoint is configured (semantic search), or the `unavailable` failure.
 */
export async function learning(
  services: ToolServices,
): Promise<{ db: Db; graph: KnowledgeGraph; embedder: Embedder | null } | ToolFailure> {
  if (!services.db) return fail('unavailable', 'the knowledge graph needs the database, which this context does not provide');
  let db: Db;
  try {
    db = await services.db();
  } catch (err) {
    return fail('unavailable', `cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
  }
  let graph = graphs.get(db);
  if (!graph) {
    graph = createKnowledgeGraph(services.config, db);
    graphs.set(db, graph);
  }
  const e = services.config.embeddings;
  return { db, graph, embedder: e ? new OpenAiCompatibleEmbedder(e) : null };
}

const directories = new Map<string, Promise<import('../contracts/skill-directory.ts').SkillDirectory>>();

/** The skill catalog as a directory (valid manifests by URI), cached per catalog folder. */
export function skillDirectory(services: ToolServices) {
  const dir = services.config.skillsDir;
  let d = directories.get(dir);
  if (!d) {
    d = import('../skills/skill-directory.ts').then((m) => m.loadSkillDirectory(dir));
    directories.set(dir, d);
  }
  return d;
}
