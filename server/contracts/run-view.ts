import type { StateDocument } from '../controlplane/state-document.ts';
import type { Json } from '../engine/runtime/index.ts';
import type { EntryRecord } from './execution-entries.ts';
import type { RunStatus } from '../../lib/run-list.ts';

/** A run: one execution of one workflow version (stored as the run's `:run` hash). */
export interface RunRecord {
  run_id: string;
  workflow_id: string;
  workflow_name: string;
  workflow_version: string;
  status: RunStatus;
  input: Json;
  output: Json | null;
  error: string | null;
  cause: string | null;
  started_at: string;
  finished_at: string | null;
  started_by: string;
  /** Summary written by finalize_workflow. */
  summary: Json | null;
  /** How many times the run was redriven (redrive_workflow_run); 0 for a run never redriven. */
  redrive_count: number;
  /**
   * A test run (issue 28): a designer's run of a version that need not be published; its QA results
   * are kept apart from the queue's and the dashboard's. False for every other run, and for runs
   * recorded before the field existed.
   */
  test_run: boolean;
}

/** One event of a run's stream: its stream id and the event. */
export interface RunEvent {
  id: string;
  event: Record<string, unknown>;
}

/** Everything about one run (`dcf runs show`, the run view, the QA projection's input). */
export interface RunView {
  run: RunRecord;
  meta: unknown;
  states: Record<string, StateDocument>;
  /** Per state instance: its raw input and output, parent and the skill bound after a swap. */
  entries: Record<string, EntryRecord>;
  data: Record<string, unknown>;
  events: RunEvent[];
}
