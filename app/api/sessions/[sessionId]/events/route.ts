import { sessionEventsRoute } from '@/server/app/routes/session-events';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/** One delegated-mode session's events as Server-Sent Events: server/app/routes/session-events.ts. */
export const GET = sessionEventsRoute.session.GET;
