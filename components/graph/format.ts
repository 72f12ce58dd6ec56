import type { Tone } from '@/components/ui/badge';

/** A timestamp in the reader's locale; "—" for a missing one. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** Badge tone of a run status (SUCCEEDED, FAILED, …). */
export function runTone(status: string): Tone {
  const s = status.toUpperCase();
  if (s === 'SUCCEEDED') return 'ok';
  if (s === 'FAILED' || s === 'TIMED_OUT') return 'bad';
  if (s === 'ABORTED' || s === 'CANCELLED') return 'warn';
  return 'info';
}
