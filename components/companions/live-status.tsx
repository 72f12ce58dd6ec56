import { LiveFeedIndicator, type LiveStatus } from '@/components/ui/live-feed-indicator';

const TITLES: Record<LiveStatus, string> = {
  connecting: 'Opening the live feed of session events.',
  live: 'Sessions update by themselves as their agents work.',
  reconnecting: 'The live feed dropped; the browser is reconnecting. The page catches up once it is back.',
  off: 'The server refused the live feed (no Redis, or you were signed out): ' + 'the page changes only when you reload it.',
};

/** Whether the page follows session events right now; when the feed is off, a way to try again. */
export function LiveStatusText({ status, onReconnect }: { status: LiveStatus; onReconnect?: () => void }) {
  return <LiveFeedIndicator status={status} onReconnect={onReconnect} titles={TITLES} testId="companions-live" />;
}
