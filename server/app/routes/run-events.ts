import { NextResponse } from 'next/server';
import type { PublicUser } from '../../auth/users.ts';
import type { ExecutionRuntime } from '../../execution/runtime.ts';
import { readRun } from '../../execution/run-record.ts';
import { runEventHub } from '../../execution/run-event-hub.ts';
import { openAllRunsEventFeed, openRunEventFeed, STREAM_ID } from '../../execution/run-event-feed.ts';
import { sseResponse } from '../../execution/run-event-sse.ts';
import { currentUser } from '../current-user.ts';
import { executionRuntime } from '../services.ts';

/** What the run event streams are handed: the request's signed-in user and the process's execution runtime (undefined: no Redis). */
export interface RunEventRouteServices {
  currentUser: () => Promise<PublicUser | null>;
  executionRuntime: () => Promise<ExecutionRuntime> | undefined;
}

/**
 * The run event streams (server/execution/run-event-feed.ts) as route handlers, for any signed-in user; 401 signed out,
 * 503 no Redis.
 *
 * `run.GET` — one run's events: the backlog after `Last-Event-ID` (or `?after=<stream id>`; none = from the first
 * event), then live events; each message has `id:` = its stream id and `data:` = `{"id","event"}`; a `: heartbeat`
 * comment every 15 s. 400 bad id, 404 no such run.
 *
 * `all.GET` — every run's events, live only (the run list: there is no stream of all runs to replay — reload the list
 * when the connection opens). `data:` = `{"id","event"}` with the event's own run_id; no `id:` field (ids are per run).
 */
export function runEventRoutes(services: RunEventRouteServices) {
  const run = async (request: Request, ctx: { params: Promise<{ runId: string }> }): Promise<Response> => {
    const { runId } = await ctx.params;
    if (!(await services.currentUser())) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    if (!/^[0-9a-f-]{36}$/i.test(runId)) return NextResponse.json({ error: 'invalid_input', message: 'not a run id' }, { status: 400 });
    const after = new URL(request.url).searchParams.get('after') ?? request.headers.get('last-event-id');
    if (after !== null && !STREAM_ID.test(after))
      return NextResponse.json(
        { error: 'invalid_input', message: 'after / Last-Event-ID must be a stream id (<ms>-<seq>)' },
        { status: 400 },
      );
    const runtime = services.executionRuntime();
    if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'workflow execution needs Redis' }, { status: 503 });
    const { x } = await runtime;
    if (!(await readRun(x.redis, runId))) return NextResponse.json({ error: 'not_found', message: `no run ${runId}` }, { status: 404 });
    const hub = runEventHub(x.redis);
    return sseResponse((send) => openRunEventFeed(hub, x.redis, runId, after, send), { signal: request.signal, withIds: true });
  };
  const all = async (request: Request): Promise<Response> => {
    if (!(await services.currentUser())) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    const runtime = services.executionRuntime();
    if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'workflow execution needs Redis' }, { status: 503 });
    const { x } = await runtime;
    return sseResponse((send) => openAllRunsEventFeed(runEventHub(x.redis), send), { signal: request.signal, withIds: false });
  };
  return { run: { GET: run }, all: { GET: all } };
}

/** The run event streams of this process, from the composition root's services. */
export const runEventsRoute = runEventRoutes({ currentUser, executionRuntime });
