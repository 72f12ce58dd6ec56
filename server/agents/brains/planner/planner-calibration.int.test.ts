import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../../../auth/users.ts';
import type { Actor } from '../../../contracts/audit-actor.ts';
import { calibrationResults } from '../../../calibration/results.ts';
import type { CalibrationFigures, Figure } from '../../../../lib/calibration/figures.ts';
import { kappaText, percentText, sampleText } from '../../../../lib/calibration/format.ts';
import type { QaRecordInput } from '../../../../lib/qa-record.ts';
import { upsertQaRecords } from '../../../qa/store.ts';
import { qaRecordFixture } from '../../../qa/testing/fixtures.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../../../testing/test-database.ts';
import type { AnyTool } from '../../../tools/define-tool.ts';
import { invokeTool } from '../../../tools/invoke.ts';
import { findTool } from '../../../tools/registry.ts';
import { ScriptedConversation, type Responder } from './testing/script.ts';

/**
 * Calibration questions in the chat (issue 34) over real sessions (PGlite / PostgreSQL, the real
 * calibration tools, the Planner calling them as an agent): every agreement figure it states is
 * the one calibrationResults — the query behind /calibration and its CSV — returns for the session
 * it resolved, written as the page writes it; a thin figure is said thin; an open session gives no
 * figures; two sessions that could be meant are asked about; none is said. Two worlds: the demo
 * lender (Alex Wong, the demo rule set) and a second lender (other advisors, other rule ids).
 */
const PLANNER: Actor = { kind: 'agent', id: 'agent-planner', label: 'planner' };

/** A chat with a console user: the host's `console_user` block says who is asking (server/chat/conversations.ts). */
class ChatAs extends ScriptedConversation {
  constructor(
    respond: Responder,
    private readonly who: PublicUser,
  ) {
    super(respond);
  }
  override input(upTo?: number) {
    const i = super.input(upTo);
    const value = `${this.who.displayName} <${this.who.email}>, console role ${this.who.role}.`;
    return { ...i, blocks: [...i.blocks, { id: 'block-user', label: 'console_user', value, limit: 2000 }] };
  }
}
const config = testConfig({ DCF_CLOCK: '2024-07-08T09:00:00Z' });

interface World {
  advisor: string;
  /** The rule ids this lender's analyses name, by the demo rule they stand in for (undefined: the demo's own). */
  rename?: (ruleId: string) => string;
  /** The rule the first reviewer fails on the first call (so the reviewers split on it). */
  split: string;
}
const DEMO: World = { advisor: 'Alex Wong', split: 'FCA-DISC-02' };
const SECOND: World = { advisor: 'Siobhán Ní Bhriain', rename: (id) => `ALD-${id.replace(/^FCA-|^CD-/, 'C')}`, split: 'ALD-CDISC-02' };

function records(w: World): QaRecordInput[] {
  return Array.from({ length: 6 }, (_, i) => {
    const r = qaRecordFixture({ runId: 'run-1', callId: `REC-${7000 + i}`, advisor: w.advisor, callAt: `2024-06-0${1 + i}T09:00:00.000Z` });
    return w.rename ? { ...r, verdicts: r.verdicts.map((v) => ({ ...v, rule_id: w.rename!(v.rule_id) })) } : r;
  });
}

/** A fresh database holding one lender's calls, its reviewers, and a Planner asking through the real tools. */
async function worldOf(w: World) {
  const h = await createTestDatabase();
  await upsertQaRecords(h.db, records(w));
  const people: PublicUser[] = [];
  for (const [key, role] of [
    ['lead', 'compliance_manager'],
    ['r1', 'compliance_manager'],
    ['r2', 'admin'],
    ['outsider', 'compliance_manager'],
    ['designer', 'workflow_designer'],
  ] as const) {
    const r = await createUser(h.db, { email: `${key}@test.dcf`, displayName: key, role, password: 'a-long-password-1' });
    if (!r.ok) throw new Error(r.reason);
    people.push(r.user);
  }
  const [lead, r1, r2, outsider, designer] = people as [PublicUser, PublicUser, PublicUser, PublicUser, PublicUser];
  const as = (p: PublicUser): Actor => ({ kind: 'user', id: p.id, label: p.email, role: p.role });
  const tool = async (name: string, args: unknown, actor: Actor) =>
    (await invokeTool(findTool(name) as AnyTool, args, { actor, services: { config, db: async () => h.db } })) as Record<string, unknown>;
  const planner = () => new ScriptedConversation(async (name, args) => tool(name, args, PLANNER));
  const chatAs = (who: PublicUser) => new ChatAs(async (name, args) => tool(name, args, PLANNER), who);
  /** A session of the 3 newest calls; `answered`: the reviewers who answer and submit (r1 fails `w.split` on the first call). */
  const session = async (name: string, answered: PublicUser[]) => {
    const sample = { filter: { advisor: w.advisor }, method: 'newest', size: 3 };
    const made = await tool('create_calibration_session', { name, sample, reviewer_ids: [r1.id, r2.id], due_date: '2026-12-04' }, as(lead));
    const id = made.session_id as string;
    const view = (await tool('get_calibration_review', { session_id: id }, as(r1))).review as {
      calls: Array<{ qa_result_id: string }>;
      rules: Array<{ rule_id: string }>;
    };
    for (const who of answered) {
      const answers = view.calls.flatMap((c, i) =>
        view.rules.map((r) =>
          who === r1 && i === 0 && r.rule_id === w.split
            ? { qa_result_id: c.qa_result_id, rule_id: r.rule_id, answer: 'fail', reason: 'not said' }
            : { qa_result_id: c.qa_result_id, rule_id: r.rule_id, answer: 'pass' },
        ),
      );
      expect(await tool('save_calibration_answers', { session_id: id, answers }, as(who))).toMatchObject({ status: 'ok' });
      expect(await tool('submit_calibration_review', { session_id: id }, as(who))).toMatchObject({ status: 'ok' });
    }
    return id;
  };
  return { h, r1, r2, outsider, designer, planner, chatAs, session };
}

/** The figures of record: what the /calibration page reads for the session. */
async function figuresOf(db: Parameters<typeof calibrationResults>[0], id: string): Promise<CalibrationFigures> {
  const r = await calibrationResults(db, PLANNER, id);
  if (!r.ok || !r.value.figures) throw new Error('no figures');
  return r.value.figures;
}
const stated = (f: Figure, min: number) => `${percentText(f.percent)} agreement (kappa ${kappaText(f.kappa)}, ${sampleText(f, min)})`;

describe.each([
  ['the demo lender', DEMO],
  ['a second lender', SECOND],
])(`calibration questions to the Planner, %s (${testDbKind()})`, { timeout: 180_000 }, (_label, w) => {
  let world: Awaited<ReturnType<typeof worldOf>>;
  let june: string;
  beforeAll(async () => {
    world = await worldOf(w);
  });
  afterAll(() => world?.h.dispose());

  it('with no session yet it says there is none', async () => {
    const t = await world.planner().turn('How did the last calibration session go?');
    expect(t.calls.map((c) => c.name)).toEqual(['list_calibration_sessions']);
    expect(t.reply).toContain('There are no calibration sessions yet');
  });

  it('"how did the last calibration session go?": the newest session; still blind, so who submitted and no figures', async () => {
    june = await world.session('June calibration', [world.r1, world.r2]);
    await world.session('July calibration', [world.r1]);
    const t = await world.planner().turn('How did the last calibration session go?');
    expect(t.reply).toContain('“July calibration”');
    expect(t.reply).toContain('1 of 2 reviewers has submitted');
    expect(t.reply).toContain('r2@test.dcf has not submitted');
    expect(t.reply).not.toMatch(/\d+\.\d%/);
  });

  it('"what\'s the agreement on <rule> in the June calibration?": the rule\'s figures of record, said thin', async () => {
    const t = await world.planner().turn(`What's the agreement on ${w.split} in the June calibration?`);
    const f = await figuresOf(world.h.db, june);
    const rule = f.rules.find((r) => r.rule_id === w.split)!;
    expect(t.calls.at(-1)).toEqual({ name: 'get_calibration_results', args: { session_id: june } });
    expect(t.reply).toContain(`Between the reviewers (Fleiss): ${stated(rule, f.min_sample)}.`);
    expect(t.reply).toContain(`majority against the AI: ${stated(rule.ai_vs_majority, f.min_sample)}.`);
    expect(rule.thin).toBe(true);
    expect(t.reply).toContain(`thin (under ${f.min_sample})`);
    expect(t.reply).toContain(`fewer than ${f.min_sample} items`);
    // A rule the session does not have is said, with the rules it has.
    const none = await world.planner().turn('What is the agreement on XYZ-99 in the June calibration?');
    expect(none.reply).toContain('This session has no rule “XYZ-99”');
  });

  it('"which calls did reviewers disagree on most?": asked which of two sessions, then the split calls of record', async () => {
    const chat = world.planner();
    const q = await chat.turn('Which calls did reviewers disagree on most?');
    expect(q.reply).toContain('Could you tell me which calibration session you mean?');
    expect(q.reply).toContain('“June calibration”');
    expect(q.reply).toContain('“July calibration”');
    const a = await chat.turn('the June calibration');
    const f = await figuresOf(world.h.db, june);
    const split = f.calls.filter((c) => c.split_rules > 0);
    expect(split).toHaveLength(1);
    expect(a.reply).toContain(`1 call of ${f.calls.length} had reviewers splitting on a rule`);
    expect(a.reply).toContain(`[${split[0]!.call_id}](/qa/${split[0]!.qa_result_id}): split on 1 rule — ${w.split} (`);
    expect(a.reply).toContain('r1@test.dcf fail');
  });

  it('"how did it go" about the session the conversation was about: the overall figure of record', async () => {
    const chat = world.planner();
    await chat.turn('What is the agreement on the June calibration?');
    const t = await chat.turn('How did the calibration go overall?');
    const f = await figuresOf(world.h.db, june);
    expect(t.reply).toContain(`Overall (all rules, Fleiss): ${stated(f.overall, f.min_sample)}.`);
    expect(f.overall.thin).toBe(false);
    for (const r of f.reviewers) expect(t.reply).toContain(`${r.label} ${stated(r.vs_ai, f.min_sample)}`);
  });
  it('in the chat, a person reads only what /calibration shows them: a designer nothing, a manager their own sessions', async () => {
    const designer = await world.chatAs(world.designer).turn('How did the last calibration session go?');
    expect(designer.calls).toEqual([]);
    expect(designer.reply).toContain('Calibration sessions are for compliance managers and admins');
    const outsider = await world.chatAs(world.outsider).turn('How did the last calibration session go?');
    expect(outsider.reply).toContain('You lead or review none of the calibration sessions');
    const reviewer = await world.chatAs(world.r1).turn('How did the last calibration session go?');
    expect(reviewer.reply).toContain('“July calibration”');
  });
});
