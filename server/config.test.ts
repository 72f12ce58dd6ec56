import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const c = loadConfig({}, '/srv/dcf');
    expect(c.database).toEqual({ kind: 'pglite', dataDir: '/srv/dcf/.data/pglite' });
    expect(c.graph).toEqual({ kind: 'postgres' });
    expect(c.agentRuntime).toEqual({ kind: 'local' });
    expect(c.redis).toBeUndefined();
    expect(c.skillsDir).toBe('/srv/dcf/skills');
    expect(c.port).toBe(3000);
    expect(c.demoUsers).toBe(false);
  });

  it('selects the production adapters from their URLs', () => {
    const c = loadConfig(
      {
        DATABASE_URL: 'postgres://u:p@db:5432/dcf',
        REDIS_URL: 'redis://cache:6379/0',
        NEO4J_URI: 'bolt://graph:7687',
        NEO4J_PASSWORD: 'x',
        LETTA_BASE_URL: 'http://letta:8283',
        DCF_DEMO_USERS: 'true',
        DCF_DATA_DIR: '/var/lib/dcf',
      },
      '/srv/dcf',
    );
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/dcf', statementTimeoutMs: 30_000 });
    expect(c.redis).toEqual({ kind: 'single', url: 'redis://cache:6379/0' });
    expect(c.graph).toEqual({ kind: 'neo4j', uri: 'bolt://graph:7687', user: 'neo4j', password: 'x' });
    expect(c.agentRuntime).toEqual({ kind: 'letta', baseUrl: 'http://letta:8283', apiKey: undefined });
    expect(c.demoUsers).toBe(true);
    expect(c.dataDir).toBe('/var/lib/dcf');
  });

  it('anchors the audit chain in the data directory by default, or where DCF_AUDIT_ANCHOR_FILE points', () => {
    expect(loadConfig({}, '/srv/dcf').audit).toEqual({ anchorFile: '/srv/dcf/.data/audit-anchors.jsonl', anchorIntervalS: 900 });
    const set = loadConfig({ DCF_AUDIT_ANCHOR_FILE: 'anchors/a.jsonl', DCF_AUDIT_ANCHOR_INTERVAL_S: '60' }, '/srv/dcf');
    expect(set.audit).toEqual({ anchorFile: '/srv/dcf/anchors/a.jsonl', anchorIntervalS: 60 });
    expect(loadConfig({ DCF_AUDIT_ANCHOR_FILE: '/mnt/worm/a.jsonl' }, '/x').audit.anchorFile).toBe('/mnt/worm/a.jsonl');
    expect(loadConfig({ DCF_AUDIT_ANCHOR_FILE: ' ' }, '/x').audit.anchorFile).toBe('/x/.data/audit-anchors.jsonl');
    for (const bad of ['9', '86401', '1.5', 'often']) {
      expect(() => loadConfig({ DCF_AUDIT_ANCHOR_INTERVAL_S: bad }, '/x'), bad).toThrow(/DCF_AUDIT_ANCHOR_INTERVAL_S/);
    }
    expect(() => loadConfig({ DCF_AUDIT_ANCHOR_FILE: 'x'.repeat(4097) }, '/x')).toThrow(/DCF_AUDIT_ANCHOR_FILE/);
  });

  it("reads the durable streams' claim time and delivery limit, and bounds them", () => {
    expect(loadConfig({}, '/x').streams).toEqual({ claimIdleMs: 60_000, maxDeliveries: 5 });
    const c = loadConfig({ DCF_STREAM_CLAIM_IDLE_S: '5', DCF_STREAM_MAX_DELIVERIES: '3' }, '/x');
    expect(c.streams).toEqual({ claimIdleMs: 5_000, maxDeliveries: 3 });
    expect(() => loadConfig({ DCF_STREAM_CLAIM_IDLE_S: '0' }, '/x')).toThrow(/DCF_STREAM_CLAIM_IDLE_S/);
    expect(() => loadConfig({ DCF_STREAM_MAX_DELIVERIES: '101' }, '/x')).toThrow(/DCF_STREAM_MAX_DELIVERIES/);
  });

  it('treats an empty URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }, '/x').database.kind).toBe('pglite');
  });

  it('reports every bad setting by name at once, hiding secret values', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'mysql://nope', PORT: '70000', SESSION_SECRET: 'short', REDIS_URL: 'http://wrong' }, '/x');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('DATABASE_URL ("mysql://nope")'))).toMatch(/PostgreSQL URL/);
    expect(problems.find((p) => p.startsWith('PORT'))).toBeDefined();
    expect(problems.find((p) => p.startsWith('REDIS_URL'))).toMatch(/redis:/);
    const secret = problems.find((p) => p.startsWith('SESSION_SECRET'))!;
    expect(secret).toContain('(hidden)');
    expect(secret).not.toContain('short');
    expect((error as Error).message).toContain('Invalid configuration');
  });

  it('rejects an unknown log level and a non-boolean flag', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' }, '/x')).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DCF_DEMO_USERS: 'maybe' }, '/x')).toThrow(/DCF_DEMO_USERS/);
  });

  it('reads the Companion task budget as a ResourceBudget, and refuses anything else', () => {
    expect(loadConfig({}, '/x').delegation.taskBudget).toBeNull();
    const budget = { maxToolCalls: 40, maxLatency: 600_000, maxCost: 12.5 };
    expect(loadConfig({ DCF_COMPANION_TASK_BUDGET: JSON.stringify(budget) }, '/x').delegation.taskBudget).toEqual(budget);
    for (const bad of ['[1]', '{"maxToolCalls":1.5}', '{"maxCost":-1}', '{"calls":3}', '{"scaleFactor":0}', 'nope']) {
      expect(() => loadConfig({ DCF_COMPANION_TASK_BUDGET: bad }, '/x')).toThrow(/DCF_COMPANION_TASK_BUDGET/);
    }
  });
});

describe('bootstrap admin settings', () => {
  it('needs email and password together, the password at least 12 characters', () => {
    expect(loadConfig({ DCF_ADMIN_EMAIL: 'a@b.io', DCF_ADMIN_PASSWORD: 'long enough pw' }, '/x').bootstrapAdmin).toEqual({
      email: 'a@b.io',
      password: 'long enough pw',
    });
    expect(() => loadConfig({ DCF_ADMIN_EMAIL: 'a@b.io' }, '/x')).toThrow(/DCF_ADMIN_PASSWORD.*go together/);
    expect(() => loadConfig({ DCF_ADMIN_PASSWORD: 'long enough pw' }, '/x')).toThrow(/DCF_ADMIN_EMAIL/);
    expect(() => loadConfig({ DCF_ADMIN_EMAIL: 'a@b.io', DCF_ADMIN_PASSWORD: 'short' }, '/x')).toThrow(/at least 12/);
    expect(() => loadConfig({ DCF_ADMIN_EMAIL: 'not-an-email', DCF_ADMIN_PASSWORD: 'long enough pw' }, '/x')).toThrow(/DCF_ADMIN_EMAIL/);
  });
});

describe('agent memory limits (issue 18)', () => {
  it('defaults to a 32 MiB quota and 1 MiB files, reads both, and refuses a file limit over the quota', () => {
    expect(loadConfig({}, '/x').agentMemory).toEqual({ quotaBytes: 32 * 1024 * 1024, maxFileBytes: 1024 * 1024 });
    const c = loadConfig({ DCF_AGENT_MEMORY_QUOTA_BYTES: '4096', DCF_AGENT_MEMORY_MAX_FILE_BYTES: '100' }, '/x');
    expect(c.agentMemory).toEqual({ quotaBytes: 4096, maxFileBytes: 100 });
    expect(() => loadConfig({ DCF_AGENT_MEMORY_QUOTA_BYTES: '2048', DCF_AGENT_MEMORY_MAX_FILE_BYTES: '4096' }, '/x')).toThrow(
      /DCF_AGENT_MEMORY_MAX_FILE_BYTES.*must not exceed/,
    );
    expect(() => loadConfig({ DCF_AGENT_MEMORY_QUOTA_BYTES: 'lots' }, '/x')).toThrow(/DCF_AGENT_MEMORY_QUOTA_BYTES/);
    expect(() => loadConfig({ DCF_AGENT_MEMORY_MAX_FILE_BYTES: '0' }, '/x')).toThrow(/DCF_AGENT_MEMORY_MAX_FILE_BYTES/);
  });
});

describe('notification channels (issue 18)', () => {
  it("leaves EMAIL and TELEGRAM unconfigured by default, with Telegram's public API and 5 attempts from 2 s", () => {
    expect(loadConfig({}, '/x').notifications).toEqual({
      smtpUrl: undefined,
      emailFrom: undefined,
      telegram: { baseUrl: 'https://api.telegram.org', botToken: undefined, chatId: undefined },
      maxAttempts: 5,
      backoffMs: 2000,
    });
  });

  it('reads SMTP, the sender, the Bot API settings and the retry policy', () => {
    const c = loadConfig(
      {
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        DCF_NOTIFY_EMAIL_FROM: 'DCF <dcf@example.com>',
        TELEGRAM_API_BASE_URL: 'http://bot-api.local:8081/',
        TELEGRAM_BOT_TOKEN: '1:abc',
        TELEGRAM_CHAT_ID: '-100',
        DCF_NOTIFY_MAX_ATTEMPTS: '3',
        DCF_NOTIFY_BACKOFF_MS: '500',
      },
      '/x',
    );
    expect(c.notifications).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      emailFrom: 'DCF <dcf@example.com>',
      telegram: { baseUrl: 'http://bot-api.local:8081', botToken: '1:abc', chatId: '-100' },
      maxAttempts: 3,
      backoffMs: 500,
    });
  });

  it('refuses a non-SMTP URL without showing it (it may carry a password), a sender without an address, zero attempts', () => {
    const bad = () => loadConfig({ SMTP_URL: 'http://u:secretpw@mail:25' }, '/x');
    expect(bad).toThrow(/SMTP_URL \(hidden\): must be a SMTP URL/);
    expect(bad).not.toThrow(/secretpw/);
    expect(() => loadConfig({ DCF_NOTIFY_EMAIL_FROM: 'nobody' }, '/x')).toThrow(/DCF_NOTIFY_EMAIL_FROM/);
    expect(() => loadConfig({ DCF_NOTIFY_MAX_ATTEMPTS: '0' }, '/x')).toThrow(/DCF_NOTIFY_MAX_ATTEMPTS/);
  });
});
