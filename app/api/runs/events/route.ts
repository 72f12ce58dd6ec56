import { NextResponse } from 'next/server';
import { executionRuntime } from '@/server/app/services';
import { currentUser } from '@/server/app/current-user';
import { runEventHub } from '@/server/execution/run-event-hub';
import { openAllRunsEventFeed } from '@/server/execution/run-event-feed';
import { sseResponse } from '@/server/execution/run-event-sse';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * Every run's events as Server-Sent Events, live only (the run list: there is no stream of all
 * runs to replay — reload the list when the connection opens). `data:` = `{"id","event"}` with
 * the event's own run_id; no `id:` field (ids are per run). 401 signed out, 503 no Redis.
 */
export async function GET(request: Request): Promise<Response> {
  if (!(await currentUser())) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  const runtime = executionRuntime();
  if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'workflow execution needs Redis' }, { status: 503 });
  const { x } = await runtime;
  return sseResponse((send) => openAllRunsEventFeed(runEventHub(x.redis), send), { signal: request.signal, withIds: false });
}
