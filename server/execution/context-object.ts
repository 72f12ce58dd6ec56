import type { ContextObject } from '../engine/runtime/index.ts';
import type { RunDefinition } from './run-definition.ts';
import type { EntryRecord } from '../contracts/execution-entries.ts';
import { baseName } from './instances.ts';

/** The `$$` context object of one state instance (Execution, State, StateMachine; Map.Item is added by the Map). */
export function contextFor(
  def: RunDefinition,
  run: { input: unknown; started_at: string },
  instance: string,
  entry: EntryRecord,
): ContextObject {
  return {
    Execution: { Id: def.runId, Input: run.input, Name: def.runId, StartTime: run.started_at },
    State: { Name: baseName(instance), EnteredTime: entry.entered_at, RetryCount: (entry.retry_counts ?? []).reduce((a, b) => a + b, 0) },
    StateMachine: { Id: `${def.workflow.workflow_id}@${def.workflow.version}`, Name: def.workflow.workflow_name },
  };
}
