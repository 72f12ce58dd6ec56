import type { LiveStatus } from './use-live-run-list';

const LOOK: Record<LiveStatus, { dot: string; text: string; title: string }> = {
  connecting: { dot: 'bg-slate-300', text: 'Connecting…', title: 'Opening the live feed of run events.' },
  live: { dot: 'bg-emerald-500 animate-pulse', text: 'Live', title: 'The list updates by itself as runs change.' },
  reconnecting: { dot: 'bg-amber-500', text: 'Reconnecting…', title: 'The live feed dropped; the browser is reconnecting. The list catches up once it is back.' },
  off: { dot: 'bg-slate-400', text: 'Not live', title: 'The server refused the live feed; the list only changes when you refresh it.' },
};

/** Whether the run list follows run events right now; when the feed is off, a way to try again. */
export function LiveIndicator({ status, onReconnect }: { status: LiveStatus; onReconnect: () => void }) {
  const look = LOOK[status];
  return (
    <span className="inline-flex items-center gap-2 text-xs text-slate-600" data-testid="runs-live" data-live-status={status}>
      <span role="status" title={look.title} className="inline-flex items-center gap-1.5">
        <span aria-hidden className={`size-2 rounded-full ${look.dot}`} />
        {look.text}
      </span>
      {status === 'off' && (
        <button type="button" onClick={onReconnect} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          Reconnect
        </button>
      )}
    </span>
  );
}
