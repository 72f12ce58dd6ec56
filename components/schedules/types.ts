import type { JobView } from '@/server/schedules/job-view';
import type { JobRunDetail } from '@/server/schedules/job-runs';

/** What schedules.list and schedules.runs answer (server/trpc/routers/schedules.ts), as the page reads them. */
export type { JobView, JobRunDetail };

/** A tool's envelope as tRPC returns it: the result's fields, or a failure. */
export type Envelope<T> = ({ status: 'ok'; error: null } & T) | { status: 'error'; error: string; error_code: string };
