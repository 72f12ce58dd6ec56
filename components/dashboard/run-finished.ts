/**
 * Whether an event of GET /api/runs/events (`data: {"id","event"}`) says a run ended — a run-level
 * event (`type: "run"`) whose status is no longer RUNNING (pure). A finished run is when the
 * dashboard's figures change: its QA results reach the store and its episode the knowledge graph.
 */
export function runFinished(data: string): boolean {
  let msg: unknown;
  try {
    msg = JSON.parse(data);
  } catch {
    return false;
  }
  const event = (msg as { event?: unknown } | null)?.event;
  if (typeof event !== 'object' || event === null) return false;
  const { type, status } = event as { type?: unknown; status?: unknown };
  return type === 'run' && typeof status === 'string' && status !== 'RUNNING';
}

/**
 * When to refetch after a run ends, in ms: at once (the operations figures), then after the
 * console's consolidation job (every 2 s) has stored the run's QA results and graph episode;
 * the last one catches a slow pass.
 */
export const REFETCH_AFTER_RUN_MS = [0, 4_000, 12_000] as const;
