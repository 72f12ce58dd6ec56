import { runEventsRoute } from '@/server/app/routes/run-events';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/** Every run's events as Server-Sent Events, live only: server/app/routes/run-events.ts. */
export const GET = runEventsRoute.all.GET;
