/**
 * Whether an event of GET /api/runs/events (`data: {"id","event"}`, the event carrying its
 * run_id) can change what the list shows: a run-level event (a run started, ended or was
 * redriven — it may enter or leave the filtered list) or any event of a run on screen (its state
 * counts). State changes of runs that are not shown are ignored.
 */
export function eventTouchesList(data: string, shown: ReadonlySet<string>): boolean {
  let msg: unknown;
  try {
    msg = JSON.parse(data);
  } catch {
    return false;
  }
  if (typeof msg !== 'object' || msg === null) return false;
  const event = (msg as { event?: unknown }).event;
  if (typeof event !== 'object' || event === null) return false;
  const { type, run_id: runId } = event as { type?: unknown; run_id?: unknown };
  return type === 'run' || (typeof runId === 'string' && shown.has(runId));
}
