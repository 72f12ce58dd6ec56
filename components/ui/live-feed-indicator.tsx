/**
 * Where a view stands with its server-sent event feed. connecting: first connection; live:
 * subscribed; reconnecting: the browser's EventSource retries on its own; off: the server
 * refused (signed out, no Redis).
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

const LOOK: Record<LiveStatus, { dot: string; text: string }> = {
  connecting: { dot: 'bg-slate-300', text: 'Connecting…' },
  live: { dot: 'bg-emerald-500 animate-pulse', text: 'Live' },
  reconnecting: { dot: 'bg-amber-500', text: 'Reconnecting…' },
  off: { dot: 'bg-slate-400', text: 'Not live' },
};

/**
 * Whether a view follows its live feed right now; when the feed is off, a way to try again
 * (shown only when `onReconnect` is given). `titles` say, per status, what that means for
 * this view; `testId` names the indicator for tests.
 */
export function LiveFeedIndicator({
  status,
  onReconnect,
  titles,
  testId,
}: {
  status: LiveStatus;
  onReconnect?: () => void;
  titles: Record<LiveStatus, string>;
  testId: string;
}) {
  const look = LOOK[status];
  return (
    <span className="inline-flex items-center gap-2 text-xs text-slate-600" data-testid={testId} data-live-status={status}>
      <span role="status" title={titles[status]} className="inline-flex items-center gap-1.5">
        <span aria-hidden className={`size-2 rounded-full ${look.dot}`} />
        {look.text}
      </span>
      {status === 'off' && onReconnect && (
        <button
          type="button"
          onClick={onReconnect}
          className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          Reconnect
        </button>
      )}
    </span>
  );
}
