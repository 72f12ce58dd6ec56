import { LiveFeedIndicator, type LiveStatus } from '@/components/ui/live-feed-indicator';

const TITLES: Record<LiveStatus, string> = {
  connecting: 'Opening the live feed of run events.',
  live: 'The list updates by itself as runs change.',
  reconnecting: 'The live feed dropped; the browser is reconnecting. The list catches up once it is back.',
  off: 'The server refused the live feed; the list only changes when you refresh it.',
};

/** Whether the run list follows run events right now; when the feed is off, a way to try again. */
export function LiveIndicator({ status, onReconnect }: { status: LiveStatus; onReconnect: () => void }) {
  return <LiveFeedIndicator status={status} onReconnect={onReconnect} titles={TITLES} testId="runs-live" />;
}
