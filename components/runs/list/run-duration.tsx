'use client';
import { durationText } from '@/components/chat/format';
import { useNow } from '@/components/hooks/use-now';
import { runDurationMs } from './run-row-view';
import type { RunRow } from './types';

function Text({ ms }: { ms: number | null }) {
  return <>{ms === null ? '—' : durationText(ms)}</>;
}

/** A running run's duration, counting up every second. */
function Ticking({ run }: { run: RunRow }) {
  const now = useNow(1000);
  return <Text ms={runDurationMs(run, now)} />;
}

/** How long a run took, or — still running — has been going. */
export function RunDuration({ run }: { run: RunRow }) {
  return run.finished_at ? <Text ms={runDurationMs(run, Date.now())} /> : <Ticking run={run} />;
}
