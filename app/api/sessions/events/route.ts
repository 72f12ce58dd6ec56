import { sessionEventsRoute } from '@/server/app/routes/session-events';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/** Every delegated-mode session event the user may see, as Server-Sent Events, live only: server/app/routes/session-events.ts. */
export const GET = sessionEventsRoute.all.GET;
