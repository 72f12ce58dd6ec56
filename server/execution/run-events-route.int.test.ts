import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../auth/users.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';

/**
 * The two SSE route handlers (app/api/runs/…/events) on a real execution runtime. Only what needs
 * a Next.js request scope is replaced: the session lookup (`currentUser` reads the cookie store)
 * and the process's runtime singleton, which is the harness's here.
 */
const session = vi.hoisted(() => ({ user: null as PublicUser | null, runtime: undefined as unknown }));
vi.mock('@/server/app/current-user', () => ({ currentUser: async () => session.user }));
vi.mock('@/server/app/services', () => ({ executionRuntime: () => (session.runtime ? Promise.resolve(session.runtime) : undefined) }));

const { GET: runEvents } = await import('../../app/api/runs/[runId]/events/route.ts');
const { GET: allEvents } = await import('../../app/api/runs/events/route.ts');

const reader: PublicUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'reader@sse.test',
  displayName: 'reader',
  role: 'stakeholder',
} as PublicUser;
const params = (runId: string) => ({ params: Promise.resolve({ runId }) });

/** Reads an SSE body until `done(text)` holds, then drops the connection. */
async function readSse(res: Response, client: AbortController, done: (text: string) => boolean): Promise<string> {
  const r = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await r.read();
    if (ended) break;
    text += decoder.decode(value);
  }
  client.abort();
  return text;
}

describe('GET /api/runs/[runId]/events and /api/runs/events', { timeout: 60_000 }, () => {
  let h: ExecutionHarness;
  beforeAll(async () => {
    h = await executionHarness();
    session.runtime = h.runtime;
  });
  afterAll(async () => {
    const { runEventHub } = await import('./run-event-hub.ts');
    await runEventHub(h.x.redis).close();
    await h.close();
  });

  it('refuses a signed-out caller (401 JSON), a bad id or Last-Event-ID (400), an unknown run (404)', async () => {
    session.user = null;
    const anon = await runEvents(new Request('http://t/api/runs/x/events'), params('00000000-0000-4000-8000-00000000abcd'));
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'unauthorized', message: 'sign in first' });
    expect((await allEvents(new Request('http://t/api/runs/events'))).status).toBe(401);
    session.user = reader;
    expect((await runEvents(new Request('http://t/x'), params('nope'))).status).toBe(400);
    expect(
      (
        await runEvents(
          new Request('http://t/x', { headers: { 'Last-Event-ID': 'yesterday' } }),
          params('00000000-0000-4000-8000-00000000abcd'),
        )
      ).status,
    ).toBe(400);
    expect((await runEvents(new Request('http://t/x'), params('00000000-0000-4000-8000-00000000abcd'))).status).toBe(404);
  });

  it("streams a run's events from Last-Event-ID to its end; the all-runs stream sees it live", async () => {
    session.user = reader;
    const everything = new AbortController();
    const all = await allEvents(new Request('http://t/api/runs/events', { signal: everything.signal }));
    expect(all.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const wf = workflowOf({ StartAt: 'A', States: { A: task('echo', { Next: 'B' }), B: { Type: 'Pass', End: true } } });
    const run = await h.run(wf, {});
    const allText = readSse(all, everything, (t) => t.includes(`"status":"SUCCEEDED"`));

    const view = await h.finalized(run.run_id);
    const third = view.events[2]!.id;
    const client = new AbortController();
    const res = await runEvents(
      new Request(`http://t/api/runs/${run.run_id}/events`, { signal: client.signal, headers: { 'Last-Event-ID': third } }),
      params(run.run_id),
    );
    expect(res.status).toBe(200);
    const text = await readSse(res, client, (t) => t.includes(`id: ${view.events.at(-1)!.id}\n`));
    const ids = text
      .split('\n')
      .filter((l) => l.startsWith('id: '))
      .map((l) => l.slice(4));
    expect(ids).toEqual(view.events.slice(3).map((e) => e.id));
    const viaQuery = new AbortController();
    const fromQuery = await runEvents(
      new Request(`http://t/x?after=${view.events.at(-2)!.id}`, { signal: viaQuery.signal }),
      params(run.run_id),
    );
    expect(await readSse(fromQuery, viaQuery, (t) => t.includes('id: '))).toContain(`id: ${view.events.at(-1)!.id}\n`);

    const live = await allText;
    expect(live).not.toContain('id: ');
    expect(live).toContain(`"run_id":"${run.run_id}"`);
  });
});
