import type { LiveStatus } from './use-live-sessions';

const LOOK: Record<LiveStatus, { dot: string; text: string; title: string }> = {
  connecting: { dot: 'bg-slate-300', text: 'Connecting…', title: 'Opening the live feed of session events.' },
  live: { dot: 'bg-emerald-500 animate-pulse', text: 'Live', title: 'Sessions update by themselves as their agents work.' },
  reconnecting: { dot: 'bg-amber-500', text: 'Reconnecting…', title: 'The live feed dropped; the browser is reconnecting. The page catches up once it is back.' },
  off: { dot: 'bg-slate-400', text: 'Not live', title: 'The server refused the live feed (no Redis, or you were signed out): the page changes only when you reload it.' },
};

/** Whether the page follows session events right now; when the feed is off, a way to try again. */
export function LiveStatusText({ status, onReconnect }: { status: LiveStatus; onReconnect?: () => void }) {
  const look = LOOK[status];
  return (
    <span className="inline-flex items-center gap-2 text-xs text-slate-600" data-testid="companions-live" data-live-status={status}>
      <span role="status" title={look.title} className="inline-flex items-center gap-1.5">
        <span aria-hidden className={`size-2 rounded-full ${look.dot}`} />
        {look.text}
      </span>
      {status === 'off' && onReconnect && (
        <button type="button" onClick={onReconnect} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          Reconnect
        </button>
      )}
    </span>
  );
}
