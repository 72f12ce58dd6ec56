import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFixture, type SessionFixture } from './testing/session-fixture.ts';
import { handleSessionWebhook } from './webhook-request.ts';
import { sessionContextArguments } from './webhook.ts';

/**
 * A session's webhook takes only the signed URL a Companion was handed (issue 14 item 5, as for
 * run webhooks): no token or a forged one is 403 before anything is looked up; a too-large body
 * is 413; a finalized session is 410; what is accepted becomes one `webhook` event.
 */
describe('session webhook', () => {
  let f: SessionFixture;
  beforeAll(async () => {
    f = await sessionFixture();
  }, 60_000);
  afterAll(async () => f?.close());

  const post = (sessionId: string, url: string, body: string) =>
    handleSessionWebhook(
      { config: f.services.config, redis: undefined, hub: async () => f.hub },
      sessionId,
      new Request(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      }),
    );

  it('accepts the handed URL while the session is active and refuses everything else', async () => {
    const { session } = await f.conductorSession(f.users.alice);
    const companion = await f.companion(session);
    const { webhook_url } = (await sessionContextArguments(f.services.config, session.id, companion)) as { webhook_url: string };
    const url = new URL(webhook_url);
    expect(url.searchParams.get('agent')).toBe(companion);

    expect((await post(session.id, webhook_url, '{"status":"completed","transcript_id":"t1"}')).status).toBe(200);
    const events = await f.hub.store.events(session.id);
    const hooks = events.filter((e) => e.kind === 'webhook');
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.payload).toEqual({ body: '{"status":"completed","transcript_id":"t1"}' });

    const bare = `${url.origin}${url.pathname}`;
    expect((await post(session.id, bare, '{}')).status).toBe(403);
    const forged = new URL(webhook_url);
    forged.searchParams.set('token', `${forged.searchParams.get('token')!.slice(0, -2)}xx`);
    expect((await post(session.id, forged.toString(), '{}')).status).toBe(403);
    const otherAgent = new URL(webhook_url);
    otherAgent.searchParams.set('agent', 'someone-else');
    expect((await post(session.id, otherAgent.toString(), '{}')).status).toBe(403);

    expect((await post(session.id, webhook_url, `"${'x'.repeat(70 * 1024)}"`)).status).toBe(413);
    expect((await post(session.id, webhook_url, 'not json')).status).toBe(400);

    await f.hub.store.updateSession(session.id, { status: 'finalized', finalizedAt: new Date() });
    const late = await post(session.id, webhook_url, '{}');
    expect(late.status).toBe(410);
    expect((await f.hub.store.events(session.id)).filter((e) => e.kind === 'webhook')).toHaveLength(1);
  });
});
