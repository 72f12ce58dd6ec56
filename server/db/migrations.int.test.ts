import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateDatabase } from './client.ts';
import { auditLog } from './schema/index.ts';
import { createTestDatabase, PROJECT_ROOT, testDbKind } from '../testing/test-database.ts';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
const rows = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** The migrations drizzle-kit generated (db/migrations/meta/_journal.json): each is applied exactly once. */
const JOURNAL = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

describe(`migrations on ${testDbKind()}`, () => {
  let h: Handle;
  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.dispose());

  it('runs on the adapter under test', () => {
    expect(h.kind).toBe(testDbKind());
  });

  it('creates every table of the schema and records each migration once', async () => {
    const tables = rows<{ table_name: string }>(
      await h.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`),
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      'agent_blocks',
      'agent_inbox',
      'agent_messages',
      'agent_tags',
      'agent_tools',
      'agents',
      'api_tokens',
      'audit_log',
      'background_job_runs',
      'background_jobs',
      'block_revisions',
      'calibration_answers',
      'calibration_calls',
      'calibration_notes',
      'calibration_reviewers',
      'calibration_sessions',
      'collaboration_assignments',
      'collaboration_decompositions',
      'collaboration_evaluations',
      'collaboration_external_agents',
      'collaboration_messages',
      'collaboration_sessions',
      'collaboration_subtasks',
      'collaboration_threads',
      'conversations',
      'delegation_events',
      'delegation_sessions',
      'delegation_tasks',
      'dispatched_tasks',
      'embeddings',
      'eval_case_results',
      'eval_runs',
      'graph_edges',
      'graph_episodes',
      'graph_executions',
      'graph_outbox',
      'graph_skill_uses',
      'graph_skills',
      'graph_tasks',
      'graph_workflows',
      'memories',
      'memory_blocks',
      'notification_alerts',
      'notification_deliveries',
      'notifications',
      'qa_daily_calls',
      'qa_daily_rules',
      'qa_daily_team_rules',
      'qa_results',
      'qa_review_actions',
      'saved_qa_filters',
      'saved_run_filters',
      'sentinel_findings',
      'sessions',
      'skill_index',
      'tool_call_plans',
      'tool_call_records',
      'users',
      'workflow_documents',
      'workflow_drafts',
      'workflow_proposals',
    ]);
    const applied = rows<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(applied[0]!.n).toBe(JOURNAL.entries.length);
  });

  it('the journal lists every migration file, in order', () => {
    const files = readdirSync(path.join(PROJECT_ROOT, 'db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files).toEqual(JOURNAL.entries.map((e) => `${e.tag}.sql`));
  });

  it('is idempotent: applying again changes nothing', async () => {
    await migrateDatabase(h, PROJECT_ROOT);
    const applied = rows<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(applied[0]!.n).toBe(JOURNAL.entries.length);
  });

  it('makes the audit log append-only: UPDATE, DELETE and TRUNCATE are rejected', async () => {
    await h.db.insert(auditLog).values({
      actorKind: 'system',
      actorId: 't',
      actorLabel: 't',
      action: 'x',
      argsDigest: 'sha256:0',
      resultStatus: 'ok',
    });
    await expect(h.db.execute(sql`update audit_log set action = 'y'`)).rejects.toThrow();
    await expect(h.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(h.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const left = rows<{ action: string }>(await h.db.execute(sql`select action from audit_log`));
    expect(left).toEqual([{ action: 'x' }]);
  });

  it('enforces unique emails case-insensitively', async () => {
    await h.db.execute(sql`insert into users (email, display_name, role, password_hash) values ('A@x.io', 'a', 'admin', 'h')`);
    await expect(
      h.db.execute(sql`insert into users (email, display_name, role, password_hash) values ('a@X.io', 'b', 'admin', 'h')`),
    ).rejects.toThrow();
  });
});
