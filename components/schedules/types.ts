import type { JobView } from '@/server/contracts/schedule-view';

/** What schedules.list answers per job (the tool's output schema, server/contracts/schedule-view.ts), as the page reads it. */
export type { JobView };

/** A tool's envelope as tRPC returns it: the result's fields, or a failure. */
export type Envelope<T> = ({ status: 'ok'; error: null } & T) | { status: 'error'; error: string; error_code: string };
