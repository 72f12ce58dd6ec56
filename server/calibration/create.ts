import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import { calibrationCalls, calibrationReviewers, calibrationSessions, qaResults, users, type QaResultRow } from '../db/schema/index.ts';
import { qaWhere } from '../qa/query.ts';
import type { CalibrationRule, CalibrationSample, CalibrationSampleInput } from '../../lib/calibration/session.ts';
import { mulberry32 } from '../../lib/seeded-random.ts';
import { CALIBRATION_REVIEWERS, done, leadOf, refuse, type Outcome } from './outcome.ts';

export interface CreateSessionInput {
  name: string;
  sample: CalibrationSampleInput;
  reviewer_ids: string[];
  due_date: string;
}

/** The most calls a random sample draws from (the newest that match): enough for any fair sample of 50. */
const RANDOM_POOL = 5_000;

/**
 * Creates a session: a lead only; the calls chosen from the QA queue's filter (newest, or a random
 * sample reproducible from its recorded seed), all under one rule set (the rules the calls' analyses
 * checked, in their order), the reviewers (at least two, each enabled and in a reviewer role), a due
 * date. Audited with the sample, the seed and the calls, in the same transaction.
 */
export async function createCalibrationSession(
  db: Db,
  actor: Actor,
  input: CreateSessionInput,
  seedOf: () => number = () => Math.floor(Math.random() * 2 ** 32),
): Promise<Outcome<{ id: string; calls: string[]; seed: number | null; matched: number }>> {
  const lead = leadOf(actor);
  if (!lead.ok) return lead;
  const ids = [...new Set(input.reviewer_ids)];
  if (ids.length < 2) return refuse('invalid_input', 'a calibration needs at least two different reviewers');
  const people = await db.select().from(users).where(inArray(users.id, ids));
  const wrong = ids.filter((id) => {
    const u = people.find((p) => p.id === id);
    return !u || u.disabledAt || !CALIBRATION_REVIEWERS.includes(u.role);
  });
  if (wrong.length) return refuse('invalid_input', `not a reviewer (an enabled compliance manager or admin): ${wrong.join(', ')}`);

  const { sample } = input;
  // The queue's calls: the newest analysis of each, never a test run's.
  const where = and(
    qaWhere({ ...sample.filter, include_earlier: false, test_run: undefined }),
    eq(qaResults.latest, true),
    eq(qaResults.testRun, false),
  );
  const [pool, [count]] = await Promise.all([
    db
      .select()
      .from(qaResults)
      .where(where)
      .orderBy(desc(qaResults.callAt), asc(qaResults.id))
      .limit(sample.method === 'random' ? RANDOM_POOL : sample.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(qaResults)
      .where(where),
  ]);
  if (pool.length === 0) return refuse('not_found', 'no call in the QA queue matches that filter');
  const matched = count?.n ?? pool.length;
  const seed = sample.method === 'random' ? (sample.seed ?? seedOf()) : null;
  const chosen = seed === null ? pool : drawn(pool, sample.size, seed);

  const ruleSets = [...new Set(chosen.map((r) => r.provenance.rule_set_id ?? null))];
  if (ruleSets.length > 1)
    return refuse('invalid_input', `the calls were checked against different rule sets (${ruleSets.join(', ')}): narrow the filter to one`);
  const rules = rulesOf(chosen);
  if (rules.length === 0) return refuse('invalid_input', 'the chosen calls have no rule verdicts to calibrate');
  const stored: CalibrationSample = { filter: sample.filter, method: sample.method, size: sample.size, seed, matched };

  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .insert(calibrationSessions)
      .values({
        name: input.name,
        sample: stored,
        ruleSetId: ruleSets[0] ?? null,
        rules,
        dueDate: input.due_date,
        createdBy: lead.value.id,
        createdByLabel: lead.value.label,
      })
      .returning({ id: calibrationSessions.id });
    await t
      .insert(calibrationCalls)
      .values(chosen.map((r, i) => ({ sessionId: row!.id, position: i + 1, qaResultId: r.id, callId: r.callId })));
    await t
      .insert(calibrationReviewers)
      .values(ids.map((uid) => ({ sessionId: row!.id, userId: uid, userLabel: people.find((p) => p.id === uid)!.email })));
    await recordAudit(t, {
      actor,
      action: 'calibration.create',
      args: input,
      status: 'ok',
      detail: { session_id: row!.id, calls: chosen.length, reviewers: ids.length, seed },
      content: { name: input.name, sample: stored, calls: chosen.map((r) => r.callId), reviewers: ids, due_date: input.due_date },
    });
    return row!.id;
  });
  return done({ id, calls: chosen.map((r) => r.callId), seed, matched });
}

/** `size` calls drawn without replacement from the pool in a fixed order (by id), shuffled by the seed (Fisher–Yates). */
function drawn(pool: QaResultRow[], size: number, seed: number): QaResultRow[] {
  const a = [...pool].sort((x, y) => x.id.localeCompare(y.id));
  const rnd = mulberry32(seed);
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, size);
}

/** Every rule the calls were checked against, in the order of first appearance. */
function rulesOf(rows: QaResultRow[]): CalibrationRule[] {
  const by = new Map<string, CalibrationRule>();
  for (const r of rows)
    for (const v of r.verdicts)
      if (!by.has(v.rule_id)) by.set(v.rule_id, { rule_id: v.rule_id, rule: v.rule, category: v.category, mandatory: v.mandatory });
  return [...by.values()];
}

/** The sessions a person takes part in (as lead or reviewer), or every session for an admin, agent or script; newest first. */
export async function sessionsFor(db: Db, actor: Actor) {
  const all = await db.select().from(calibrationSessions).orderBy(desc(calibrationSessions.createdAt));
  const ids = all.map((s) => s.id);
  const [reviewers, calls] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(calibrationReviewers)
          .where(inArray(calibrationReviewers.sessionId, ids))
          .orderBy(asc(calibrationReviewers.userLabel)),
        db
          .select({ sessionId: calibrationCalls.sessionId, n: sql<number>`count(*)::int` })
          .from(calibrationCalls)
          .where(inArray(calibrationCalls.sessionId, ids))
          .groupBy(calibrationCalls.sessionId),
      ])
    : [[], []];
  const seen = actor.kind !== 'user' || actor.role === 'admin';
  return all
    .filter((s) => seen || s.createdBy === actor.id || reviewers.some((r) => r.sessionId === s.id && r.userId === actor.id))
    .map((s) => ({
      session: s,
      reviewers: reviewers.filter((r) => r.sessionId === s.id),
      calls: calls.find((c) => c.sessionId === s.id)?.n ?? 0,
    }));
}
