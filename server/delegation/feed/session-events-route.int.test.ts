import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../auth/users.ts';
import type { DelegationSessionRow } from '../../db/schema/delegation.ts';
import { testDbKind } from '../../testing/test-database.ts';
import { runEventHub } from '../../execution/run-event-hub.ts';
import { sessionFixture, type SessionFixture } from '../testing/session-fixture.ts';

/**
 * The two SSE route handlers (app/api/sessions/…/events) on delegated mode's production wiring
 * with a real Redis: events are recorded by the hub and published by it. Only what needs a
 * Next.js request scope is replaced: the session lookup (`currentUser` reads the cookie store)
 * and the process's singletons (the fixture's database and execution runtime).
 */
const scope = vi.hoisted(() => ({ user: null as PublicUser | null, runtime: undefined as unknown, db: undefined as unknown }));
vi.mock('@/server/app/current-user', () => ({ currentUser: async () => scope.user }));
vi.mock('@/server/app/services', () => ({
  executionRuntime: () => (scope.runtime ? Promise.resolve(scope.runtime) : undefined),
  database: async () => ({ db: scope.db }),
}));

const { GET: sessionEvents } = await import('../../../app/api/sessions/[sessionId]/events/route.ts');
const { GET: allEvents } = await import('../../../app/api/sessions/events/route.ts');

const params = (sessionId: string) => ({ params: Promise.resolve({ sessionId }) });

/** Reads from an SSE body until `done(text)` holds (or it ends); returns what was read. */
async function readUntil(r: ReadableStreamDefaultReader<Uint8Array>, done: (text: string) => boolean): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await r.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

/** Reads a whole SSE response until `done(text)` holds, then drops the connection. */
async function readSse(res: Response, client: AbortController, done: (text: string) => boolean): Promise<string> {
  const text = await readUntil(res.body!.getReader(), done);
  client.abort();
  return text;
}

const idsIn = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('id: '))
    .map((l) => Number(l.slice(4)));
/** The session events of an SSE text (its unnamed messages; `ready` is not one). */
const dataIn = (text: string) =>
  text
    .split('\n\n')
    .filter((m) => m.startsWith('data: ') || m.startsWith('id: '))
    .map(
      (m) =>
        JSON.parse(
          m
            .split('\n')
            .find((l) => l.startsWith('data: '))!
            .slice(6),
        ) as { id: number; session_id: string; kind: string; task_id: string | null },
    );

describe(`GET /api/sessions/[sessionId]/events and /api/sessions/events (${testDbKind()})`, { timeout: 60_000 }, () => {
  let f: SessionFixture;
  let alice: DelegationSessionRow;
  let bob: DelegationSessionRow;
  let companion: string;
  beforeAll(async () => {
    f = await sessionFixture({ redis: true });
    scope.db = f.db;
    scope.runtime = { x: await f.services.execution!() };
    alice = (await f.conductorSession(f.users.alice)).session;
    bob = (await f.conductorSession(f.users.bob)).session;
    companion = await f.companion(alice);
    await f.delegate(alice, companion, 'task-1');
  });
  afterAll(async () => {
    const x = await f.services.execution!();
    await runEventHub(x.redis).close();
    await f.close();
  });

  it('refuses a signed-out caller (401), a bad id or Last-Event-ID (400), a session not yours or not there (404), no Redis (503)', async () => {
    scope.user = null;
    const anon = await sessionEvents(new Request('http://t/x'), params(alice.id));
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'unauthorized', message: 'sign in first' });
    expect((await allEvents(new Request('http://t/api/sessions/events'))).status).toBe(401);
    scope.user = f.users.alice;
    expect((await sessionEvents(new Request('http://t/x'), params('x'.repeat(201)))).status).toBe(400);
    expect((await sessionEvents(new Request('http://t/x', { headers: { 'Last-Event-ID': 'yesterday' } }), params(alice.id))).status).toBe(
      400,
    );
    expect((await sessionEvents(new Request('http://t/x?after=-1'), params(alice.id))).status).toBe(400);
    const foreign = await sessionEvents(new Request('http://t/x'), params(bob.id));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'not_found', message: `no session ${bob.id}` });
    expect((await sessionEvents(new Request('http://t/x'), params('no-such-session'))).status).toBe(404);
    const runtime = scope.runtime;
    scope.runtime = undefined;
    try {
      expect((await sessionEvents(new Request('http://t/x'), params(alice.id))).status).toBe(503);
      expect((await allEvents(new Request('http://t/x'))).status).toBe(503);
    } finally {
      scope.runtime = runtime;
    }
  });

  it('replays a session from Last-Event-ID, then streams its new events live, each once and in order', async () => {
    scope.user = f.users.alice;
    const stored = await f.hub.store.events(alice.id);
    const first = stored[0]!.id;
    expect(stored.length).toBeGreaterThanOrEqual(3);
    const client = new AbortController();
    const res = await sessionEvents(
      new Request('http://t/x', { signal: client.signal, headers: { 'Last-Event-ID': String(first) } }),
      params(alice.id),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const backlog = await readUntil(reader, (t) => t.includes('event: ready\n'));
    await f.progress(alice, companion, 'task-1', 50, 'Half way');
    await f.result(alice, companion, 'task-1', { status: 'succeeded', summary: 'Done.' });
    const live = await readUntil(reader, (t) => /"kind":"task_result"/.test(t));
    client.abort();
    const all = await f.hub.store.events(alice.id);
    const sent = [...idsIn(backlog), ...idsIn(live)];
    expect(idsIn(backlog)).toEqual(stored.slice(1).map((e) => e.id));
    expect(sent).toEqual(all.filter((e) => e.id > first && e.id <= sent.at(-1)!).map((e) => e.id));
    expect(dataIn(live).map((d) => d.kind)).toEqual(expect.arrayContaining(['task_progress', 'task_result']));
    expect(dataIn(backlog + live).every((d) => d.session_id === alice.id)).toBe(true);

    const viaQuery = new AbortController();
    const last = all.at(-1)!.id;
    const fromQuery = await sessionEvents(new Request(`http://t/x?after=${all.at(-2)!.id}`, { signal: viaQuery.signal }), params(alice.id));
    expect(idsIn(await readSse(fromQuery, viaQuery, (t) => t.includes('id: ')))).toEqual([last]);
    // A reconnecting EventSource repeats its URL and adds Last-Event-ID: the header, further on, wins.
    const reconnect = new AbortController();
    const resumed = await sessionEvents(
      new Request(`http://t/x?after=${first}`, { signal: reconnect.signal, headers: { 'Last-Event-ID': String(all.at(-2)!.id) } }),
      params(alice.id),
    );
    expect(idsIn(await readSse(resumed, reconnect, (t) => t.includes('event: ready\n')))).toEqual([last]);
  });

  it("streams every session's events to an admin, and to others only their own sessions'", async () => {
    scope.user = f.users.bob;
    const bobClient = new AbortController();
    const bobStream = await allEvents(new Request('http://t/api/sessions/events', { signal: bobClient.signal }));
    scope.user = f.users.admin;
    const adminClient = new AbortController();
    const adminStream = await allEvents(new Request('http://t/api/sessions/events', { signal: adminClient.signal }));
    expect(adminStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Live only: events published before a stream says `ready` (it is subscribed) are not its to send.
    const ready = (t: string) => t.includes('event: ready\ndata: {}\n\n');
    const bobReader = bobStream.body!.getReader();
    const adminReader = adminStream.body!.getReader();
    const [bobHead, adminHead] = await Promise.all([readUntil(bobReader, ready), readUntil(adminReader, ready)]);
    const bobText = readUntil(bobReader, (t) => t.includes(`"session_id":"${bob.id}"`)).then((t) => (bobClient.abort(), bobHead + t));
    const adminText = readUntil(adminReader, (t) => t.includes(`"session_id":"${bob.id}"`)).then(
      (t) => (adminClient.abort(), adminHead + t),
    );
    await f.advice(alice, 'Keep the call-review Companion for the next week too.');
    const bobCompanion = await f.companion(bob);
    const forBob = await bobText;
    const forAdmin = await adminText;
    expect(idsIn(forBob)).toEqual([]);
    expect(dataIn(forBob).map((d) => d.session_id)).not.toContain(alice.id);
    expect(dataIn(forBob)).toContainEqual(expect.objectContaining({ kind: 'companion_created', session_id: bob.id }));
    expect(dataIn(forAdmin).map((d) => d.kind)).toEqual(expect.arrayContaining(['strategic_advice', 'companion_created']));
    expect(bobCompanion).toMatch(/^agent-/);
  });
});
