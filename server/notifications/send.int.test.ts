import { singleRedis } from '../config-redis.ts';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import { chatAgentName } from '../../lib/chat-agent-name.ts';
import { conversations } from '../db/schema/chat.ts';
import { delegationSessions } from '../db/schema/delegation.ts';
import { users } from '../db/schema/users.ts';
import { RunEventHub } from '../execution/run-event-hub.ts';
import { invokeTool } from '../tools/invoke.ts';
import { getNotificationStatusTool } from '../tools/notifications/get-notification-status.ts';
import { sendNotificationTool } from '../tools/notifications/send-notification.ts';
import { createTestDatabase, isolatedRedisUrl } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { openUserNotificationFeed } from './live.ts';
import { startDeliveryRetries } from './retries.ts';
import type { PublishedNotification } from '../contracts/notification-schemas.ts';
import { sendNotification } from './send.ts';
import { senderLabel } from './sender-label.ts';
import { NotificationStore } from './store.ts';
import { chatNotFound, startFakeBotApi, tooManyRequests } from './testing/bot-api.ts';
import { startTestSmtp } from './testing/smtp.ts';

const TOKEN = '777:test-bot-token';
const CHAT = '-1001234';
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let redis: Redis;
let redisUrl: string;
let hub: RunEventHub;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let bot: Awaited<ReturnType<typeof startFakeBotApi>>;
let stopRetries: () => Promise<void>;
const ids = { admin: '', admin2: '', designer: '', disabledAdmin: '' };

/** Everything configured, retries quick: 3 attempts, 100 ms doubling. */
const cfg = () =>
  testConfig({
    SMTP_URL: smtp.url(),
    DCF_NOTIFY_EMAIL_FROM: 'DCF Console <dcf@console.test>',
    TELEGRAM_API_BASE_URL: bot.baseUrl,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_CHAT_ID: CHAT,
    DCF_NOTIFY_MAX_ATTEMPTS: '3',
    DCF_NOTIFY_BACKOFF_MS: '100',
  });
const userActor = (id: string): Actor => ({ kind: 'user', id, label: 'someone', role: 'workflow_designer' });
const agentActor = (id: string): Actor => ({ kind: 'agent', id, label: id });
/** The designer's chat served by `agentId`; its conversation id. */
async function designersChat(mode: 'planner' | 'conductor', agentId: string, title: string, platform: 'local' | 'letta' = 'local') {
  const id = crypto.randomUUID();
  await db.insert(conversations).values({ id, userId: ids.designer, mode, agentId, platform, title });
  return id;
}

async function addUser(email: string, role: 'admin' | 'workflow_designer', disabled = false): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      email,
      displayName: email.split('@')[0]!,
      role,
      passwordHash: 'scrypt$x',
      disabledAt: disabled ? new Date() : null,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  redisUrl = await isolatedRedisUrl();
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  hub = new RunEventHub(redis);
  smtp = await startTestSmtp({
    user: 'mailer',
    pass: 's3cret',
    rejectRcpt: (a) => (a.startsWith('busy') ? 451 : a.startsWith('nobody') ? 550 : null),
  });
  bot = await startFakeBotApi(TOKEN);
  ids.admin = await addUser('admin@corp.test', 'admin');
  ids.admin2 = await addUser('admin2@corp.test', 'admin');
  ids.designer = await addUser('designer@corp.test', 'workflow_designer');
  ids.disabledAdmin = await addUser('gone@corp.test', 'admin', true);
  stopRetries = startDeliveryRetries({ db, redis: singleRedis(redisUrl), config: cfg(), log: pino({ level: 'silent' }) });
});

afterAll(async () => {
  await stopRetries?.();
  await hub?.close();
  redis?.disconnect();
  await smtp?.close();
  await bot?.close();
  await handle?.dispose();
});

describe('UI_ALERT', () => {
  it("goes to the signed-in sender's inbox, unread, and live to that user only", async () => {
    const mine: PublishedNotification[] = [];
    const others: PublishedNotification[] = [];
    const a = await openUserNotificationFeed(hub, ids.designer, (e) => mine.push(e));
    const b = await openUserNotificationFeed(hub, ids.admin, (e) => others.push(e));
    const r = await sendNotification({ db, config: cfg(), redis }, userActor(ids.designer), {
      channels: ['UI_ALERT'],
      message_text: 'Run finished',
      subject_text: 'Weekly QA',
      urgency_level: 'HIGH',
    });
    expect(r.channel_status).toEqual([{ channel: 'UI_ALERT', delivery_status: 'SUCCESS', message_id_or_error: r.notification_id }]);
    expect(r.recipients).toEqual(['designer@corp.test']);
    await until(
      async () => mine.length,
      (n) => n > 0,
    );
    expect(mine).toEqual([
      expect.objectContaining({
        id: r.notification_id,
        user_id: ids.designer,
        urgency: 'HIGH',
        subject: 'Weekly QA',
        message: 'Run finished',
        // The sender by name, not the label the user acts under.
        sender: 'designer',
      }),
    ]);
    expect(others).toEqual([]);
    const store = new NotificationStore(db);
    expect(await store.unreadCount(ids.designer)).toBe(1);
    expect(await store.unreadCount(ids.admin)).toBe(0);
    expect((await store.inbox(ids.designer, { limit: 10 }))[0]).toMatchObject({ id: r.notification_id, readAt: null });
    await a.close();
    await b.close();
  });

  it("an agent with a chat goes to that chat's user; an agent working for nobody to every active admin", async () => {
    await designersChat('planner', 'agent-chat-1', 't');
    const mine = await sendNotification({ db, config: cfg(), redis }, agentActor('agent-chat-1'), {
      channels: ['UI_ALERT'],
      message_text: 'for my user',
      urgency_level: 'LOW',
    });
    expect(mine.recipients).toEqual(['designer@corp.test']);
    const orphan = await sendNotification({ db, config: cfg(), redis }, agentActor('agent-nobody'), {
      channels: ['UI_ALERT'],
      message_text: 'for the admins',
      urgency_level: 'LOW',
    });
    expect(orphan.recipients.sort()).toEqual(['admin2@corp.test', 'admin@corp.test']);
    const inbox = await new NotificationStore(db).inbox(ids.admin2, { limit: 5 });
    expect(inbox.map((i) => i.message)).toEqual(['for the admins']);
    // Who sent it, for people: the chat's agent by its part and the chat's title; an agent of no chat as it acts.
    const designers = await new NotificationStore(db).inbox(ids.designer, { limit: 5 });
    expect(designers.find((i) => i.message === 'for my user')?.sender).toBe('Planner · chat “t”');
    expect(inbox[0]!.sender).toBe('agent-nobody');
  });

  it("an agent calling over MCP, known by the name its chat gave it, is said as that chat's agent", async () => {
    const conversationId = await designersChat('planner', 'agent-letta-1', 'Weekly reviews', 'letta');
    // The label alone: over MCP its recipients come from the token (recipients.ts), not from this chat.
    const name = chatAgentName('planner', 'designer@corp.test', conversationId);
    expect(await senderLabel(db, { kind: 'agent', id: name, label: name })).toBe('Planner · chat “Weekly reviews”');
    const other = chatAgentName('planner', 'admin@corp.test', conversationId);
    expect(await senderLabel(db, { kind: 'agent', id: other, label: other })).toBe(other);
  });

  it("a delegated-mode session's Strategist is said as the Strategist of its Conductor's chat, live and in the inbox", async () => {
    const conversationId = await designersChat('conductor', 'agent-conductor-1', 'Vulnerable customers');
    await db.insert(delegationSessions).values({
      id: 'session-sender-1',
      conductorId: 'agent-conductor-1',
      strategistId: 'agent-strategist-1',
      ownerUserId: ids.designer,
      conversationId,
      platform: 'local',
      sessionContextBlockId: 'block-1',
      delegationLogBlockId: 'block-2',
      guidelinesBlockId: 'block-3',
      poolMax: 3,
    });
    const live: PublishedNotification[] = [];
    const feed = await openUserNotificationFeed(hub, ids.designer, (e) => live.push(e));
    const send = (agent: string, text: string) =>
      sendNotification({ db, config: cfg(), redis }, agentActor(agent), {
        channels: ['UI_ALERT'],
        message_text: text,
        urgency_level: 'LOW',
      });
    await send('agent-strategist-1', 'advice ready');
    await send('agent-conductor-1', 'review merged');
    await until(
      async () => live.length,
      (n) => n >= 2,
    );
    expect(live.map((e) => [e.message, e.sender])).toEqual([
      ['advice ready', 'Strategist · chat “Vulnerable customers”'],
      ['review merged', 'Conductor · chat “Vulnerable customers”'],
    ]);
    const inbox = await new NotificationStore(db).inbox(ids.designer, { limit: 2 });
    expect(Object.fromEntries(inbox.map((i) => [i.message, i.sender]))).toEqual({
      'advice ready': 'Strategist · chat “Vulnerable customers”',
      'review merged': 'Conductor · chat “Vulnerable customers”',
    });
    await feed.close();
  });

  it("marks read only the owner's alerts", async () => {
    const store = new NotificationStore(db);
    const r = await sendNotification({ db, config: cfg() }, agentActor('agent-nobody'), {
      channels: ['UI_ALERT'],
      message_text: 'two admins',
      urgency_level: 'MEDIUM',
    });
    expect(await store.markRead(ids.designer, [r.notification_id])).toBe(0);
    expect(await store.markRead(ids.admin, [r.notification_id])).toBe(1);
    expect((await store.inbox(ids.admin, { limit: 1 }))[0]!.readAt).not.toBeNull();
    expect((await store.inbox(ids.admin2, { limit: 1 }))[0]!.readAt).toBeNull();
    expect(await store.markAllRead(ids.admin2)).toBe(2);
    expect(await store.unreadCount(ids.admin2)).toBe(0);
  });
});

describe('EMAIL over SMTP (a real smtp-server)', () => {
  it('is received by the SMTP server, addressed to the recipients, with subject and text', async () => {
    const before = smtp.received.length;
    const r = await sendNotification({ db, config: cfg(), redis }, agentActor('agent-nobody'), {
      channels: ['EMAIL'],
      message_text: 'The weekly QA review is ready.',
      subject_text: 'QA review',
      urgency_level: 'CRITICAL',
    });
    const [status] = r.channel_status;
    expect(status).toMatchObject({ channel: 'EMAIL', delivery_status: 'SUCCESS' });
    expect(status!.message_id_or_error).toMatch(/^<.+@.+>$/);
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('dcf@console.test');
    expect(mail.to.sort()).toEqual(['admin2@corp.test', 'admin@corp.test']);
    expect(mail.raw).toContain('Subject: QA review');
    expect(mail.raw).toContain('The weekly QA review is ready.');
    expect(mail.raw).toContain(`Message-ID: ${status!.message_id_or_error}`);
    const [d] = await new NotificationStore(db).deliveriesOf(r.notification_id);
    expect(d).toMatchObject({ status: 'SUCCESS', attempts: 1, messageId: status!.message_id_or_error });
  });

  it('a wrong SMTP password is FAILED at once, without retries', async () => {
    const config = testConfig({ ...envOf(), SMTP_URL: smtp.url({ user: 'mailer', pass: 'wrong' }) });
    const r = await sendNotification({ db, config, redis }, userActor(ids.designer), {
      channels: ['EMAIL'],
      message_text: 'x',
      urgency_level: 'LOW',
    });
    expect(r.channel_status[0]).toMatchObject({ channel: 'EMAIL', delivery_status: 'FAILED' });
    expect(r.channel_status[0]!.message_id_or_error).toMatch(/^SMTP delivery failed: 535/);
    expect(r.channel_status[0]!.message_id_or_error).not.toContain('wrong');
  });

  it('a 4xx answer is PENDING, then FAILED after the configured attempts with back-off', async () => {
    const busy = await addUser('busy@corp.test', 'workflow_designer');
    const r = await sendNotification({ db, config: cfg(), redis }, userActor(busy), {
      channels: ['EMAIL'],
      message_text: 'x',
      urgency_level: 'LOW',
    });
    expect(r.channel_status[0]).toMatchObject({ channel: 'EMAIL', delivery_status: 'PENDING' });
    const store = new NotificationStore(db);
    const [d] = await until(
      () => store.deliveriesOf(r.notification_id),
      ([x]) => x?.status !== 'PENDING',
    );
    expect(d).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(d!.lastError).toMatch(/451 .*gave up after 3 attempts/);
    expect(smtp.rcptAttempts.filter((a) => a === 'busy@corp.test')).toHaveLength(3);
  });
});

describe('TELEGRAM (Bot API sendMessage on a local server)', () => {
  it('sends to the configured chat and answers the message_id', async () => {
    const r = await sendNotification({ db, config: cfg(), redis }, userActor(ids.designer), {
      channels: ['TELEGRAM'],
      message_text: 'Deploy done',
      subject_text: 'Release',
      urgency_level: 'HIGH',
    });
    const last = bot.requests.at(-1)!;
    expect(last).toEqual({ token: TOKEN, method: 'sendMessage', body: { chat_id: CHAT, text: '[HIGH] Release\n\nDeploy done' } });
    expect(r.channel_status).toEqual([
      { channel: 'TELEGRAM', delivery_status: 'SUCCESS', message_id_or_error: expect.stringMatching(/^\d+$/) },
    ]);
  });

  it("a 400 is FAILED with Telegram's description, not retried", async () => {
    bot.script.push(chatNotFound);
    const before = bot.requests.length;
    const r = await sendNotification({ db, config: cfg(), redis }, userActor(ids.designer), {
      channels: ['TELEGRAM'],
      message_text: 'x',
      urgency_level: 'LOW',
    });
    expect(r.channel_status[0]).toEqual({
      channel: 'TELEGRAM',
      delivery_status: 'FAILED',
      message_id_or_error: 'Telegram sendMessage failed: 400 Bad Request: chat not found',
    });
    await new Promise((res) => setTimeout(res, 400));
    expect(bot.requests.length).toBe(before + 1);
  });

  it('a 429 is PENDING, retried after retry_after, then SUCCESS', async () => {
    bot.script.push(tooManyRequests(1));
    const sentAt = Date.now();
    const r = await sendNotification({ db, config: cfg(), redis }, userActor(ids.designer), {
      channels: ['TELEGRAM'],
      message_text: 'flood',
      urgency_level: 'LOW',
    });
    expect(r.channel_status[0]).toMatchObject({ channel: 'TELEGRAM', delivery_status: 'PENDING' });
    expect(r.channel_status[0]!.message_id_or_error).toContain('429 Too Many Requests');
    const [d] = await until(
      () => new NotificationStore(db).deliveriesOf(r.notification_id),
      ([x]) => x?.status === 'SUCCESS',
    );
    expect(d).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    expect(Number(d!.messageId)).toBeGreaterThan(0);
    expect(d!.updatedAt.getTime() - sentAt).toBeGreaterThanOrEqual(1000);
    const status = await invokeTool(
      getNotificationStatusTool,
      { notification_id: r.notification_id },
      {
        actor: userActor(ids.designer),
        services: { config: cfg(), db: async () => db },
      },
    );
    expect(status).toMatchObject({ status: 'ok', channel_status: [{ channel: 'TELEGRAM', delivery_status: 'SUCCESS', attempts: 2 }] });
  });
});

describe('send_notification (the tool, spec 5.4 schema)', () => {
  const services = () => ({ config: cfg(), db: async () => db });

  it('answers each channel in order; unconfigured channels FAILED with the setting to set; urgency defaults to MEDIUM', async () => {
    const bare = { config: testConfig(), db: async () => db };
    const r = await invokeTool(
      sendNotificationTool,
      { channels: ['TELEGRAM', 'UI_ALERT', 'EMAIL'], message_text: 'hi' },
      {
        actor: userActor(ids.designer),
        services: bare,
      },
    );
    expect(r).toMatchObject({
      status: 'ok',
      channel_status: [
        {
          channel: 'TELEGRAM',
          delivery_status: 'FAILED',
          message_id_or_error: 'TELEGRAM is not configured: set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID',
        },
        { channel: 'UI_ALERT', delivery_status: 'SUCCESS' },
        {
          channel: 'EMAIL',
          delivery_status: 'FAILED',
          message_id_or_error: 'EMAIL is not configured: set SMTP_URL and DCF_NOTIFY_EMAIL_FROM',
        },
      ],
    });
    const id = (r as { notification_id: string }).notification_id;
    expect((await new NotificationStore(db).notification(id))?.urgency).toBe('MEDIUM');
  });

  it.each([
    [{ channels: [], message_text: 'x' }],
    [{ channels: ['SMS'], message_text: 'x' }],
    [{ channels: ['UI_ALERT'] }],
    [{ channels: ['UI_ALERT'], message_text: '' }],
    [{ channels: ['UI_ALERT'], message_text: 'x', urgency_level: 'URGENT' }],
    [{ channels: 'UI_ALERT', message_text: 'x' }],
  ])('refuses %j as invalid_input', async (args) => {
    const r = await invokeTool(sendNotificationTool, args, { actor: userActor(ids.designer), services: services() });
    expect(r).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });

  it("get_notification_status: someone else's notification is not_found", async () => {
    const r = await invokeTool(
      sendNotificationTool,
      { channels: ['UI_ALERT'], message_text: 'mine' },
      {
        actor: userActor(ids.designer),
        services: services(),
      },
    );
    const id = (r as { notification_id: string }).notification_id;
    const other = await invokeTool(
      getNotificationStatusTool,
      { notification_id: id },
      { actor: agentActor('agent-x'), services: services() },
    );
    expect(other).toMatchObject({ status: 'error', error_code: 'not_found' });
  });
});

function envOf(): Record<string, string> {
  return {
    SMTP_URL: smtp.url(),
    DCF_NOTIFY_EMAIL_FROM: 'dcf@console.test',
    DCF_NOTIFY_MAX_ATTEMPTS: '3',
    DCF_NOTIFY_BACKOFF_MS: '100',
  };
}
