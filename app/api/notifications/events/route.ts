import { notificationEventsRoute } from '@/server/app/routes/notification-events';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/** The signed-in user's console alerts as Server-Sent Events, live only: server/app/routes/notification-events.ts. */
export const GET = notificationEventsRoute.GET;
