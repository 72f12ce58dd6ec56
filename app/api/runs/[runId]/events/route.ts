import { NextResponse } from 'next/server';
import { executionRuntime } from '@/server/app/services';
import { currentUser } from '@/server/app/current-user';
import { readRun } from '@/server/execution/run-record';
import { runEventHub } from '@/server/execution/run-event-hub';
import { openRunEventFeed, STREAM_ID } from '@/server/execution/run-event-feed';
import { sseResponse } from '@/server/execution/run-event-sse';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * One run's events as Server-Sent Events (server/execution/run-event-feed.ts), for any signed-in
 * user: the backlog after `Last-Event-ID` (or `?after=<stream id>`; none = from the first event),
 * then live events; each message has `id:` = its stream id and `data:` = `{"id","event"}`;
 * a `: heartbeat` comment every 15 s. 401 signed out, 400 bad id, 404 no such run, 503 no Redis.
 */
export async function GET(request: Request, ctx: { params: Promise<{ runId: string }> }): Promise<Response> {
  const { runId } = await ctx.params;
  if (!(await currentUser())) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  if (!/^[0-9a-f-]{36}$/i.test(runId)) return NextResponse.json({ error: 'invalid_input', message: 'not a run id' }, { status: 400 });
  const after = new URL(request.url).searchParams.get('after') ?? request.headers.get('last-event-id');
  if (after !== null && !STREAM_ID.test(after))
    return NextResponse.json(
      { error: 'invalid_input', message: 'after / Last-Event-ID must be a stream id (<ms>-<seq>)' },
      { status: 400 },
    );
  const runtime = executionRuntime();
  if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'workflow execution needs Redis' }, { status: 503 });
  const { x } = await runtime;
  if (!(await readRun(x.redis, runId))) return NextResponse.json({ error: 'not_found', message: `no run ${runId}` }, { status: 404 });
  const hub = runEventHub(x.redis);
  return sseResponse((send) => openRunEventFeed(hub, x.redis, runId, after, send), { signal: request.signal, withIds: true });
}
