import type { GraphWrite, KnowledgeGraph } from './port.ts';

/** Applies one outbox item through the port (every port write is idempotent, so a replay is safe). */
export async function applyGraphWrite(graph: KnowledgeGraph, w: GraphWrite): Promise<void> {
  switch (w.kind) {
    case 'episode':
      return graph.recordEpisode(w.payload);
    case 'workflow_version':
      return graph.upsertWorkflowVersion(w.payload);
    case 'link':
      return graph.link(w.payload.kind, w.payload.child, w.payload.parent);
    case 'skill':
      return graph.upsertSkill(w.payload);
    case 'task_episode':
      return graph.recordTaskEpisode(w.payload);
    case 'pattern_episode':
      return graph.recordPatternEpisode(w.payload);
  }
}
