import { ukExact } from '@/lib/uk-time';

/**
 * Which clock the health page's times are on (issue 34: a page says which clock): London time, the
 * real clock — worker heartbeats on Redis's, the rest on the console server's — never the demo clock.
 * `readAt` is when the newest figure arrived (ms; 0 before any did, as on the server's render, so the
 * first render in the browser says the same and hydrates).
 */
export function ClockNote({ readAt, workers }: { readAt: number; workers: boolean }) {
  return (
    <p className="text-xs text-slate-500" data-testid="health-clock">
      All times on this page are London time (Europe/London, GMT or BST as the date falls) on the real clock
      {workers ? ': worker heartbeats on Redis’s clock, everything else on the console server’s' : ', the console server’s'}.
      {readAt > 0 && ` Last read at ${ukExact(new Date(readAt).toISOString())}.`} Figures refresh every 30 s.
    </p>
  );
}
