import { ukDateTime } from '@/lib/uk-time';
import type { Tone } from '@/components/ui/badge';

/** A timestamp in the reader's locale; "—" for a missing one. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : ukDateTime(iso);
}

/** Badge tone of a run status (SUCCEEDED, FAILED, …). */
export function runTone(status: string): Tone {
  const s = status.toUpperCase();
  if (s === 'SUCCEEDED') return 'ok';
  if (s === 'FAILED' || s === 'TIMED_OUT') return 'bad';
  if (s === 'ABORTED' || s === 'CANCELLED') return 'warn';
  return 'info';
}

/**
 * The run an execution of the graph belongs to: a redriven run is recorded once per segment,
 * `<run id>~redrive<n>` (server/execution/episode.ts redriveEpisodeId).
 */
export function runOfExecution(executionId: string): { runId: string; redrive: number } {
  const m = /^(.*)~redrive(\d+)$/.exec(executionId);
  return m ? { runId: m[1]!, redrive: Number(m[2]) } : { runId: executionId, redrive: 0 };
}
