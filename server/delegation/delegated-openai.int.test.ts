import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callReviewTask, REVIEW_ROLES, type ReviewRole } from '../agents/brains/conductor/call-review-plan.ts';
import { focusIn, verdictsFilter } from '../agents/brains/conductor/focus.ts';
import { topicRuleIds } from '../agents/brains/conductor/focus-rules.ts';
import { loadRuleSet } from '../skills/demo/skills/compliance-rules.ts';
import { deterministicBrains } from '../agents/brains/select.ts';
import { OpenAIChatBrain } from '../agents/brains/openai/openai-brain.ts';
import { skillsetOf, type SkillSummary } from '../agents/brains/planner/skills.ts';
import { FakeChatEndpoint, type ChatRequest, type ScriptedReply } from '../agents/local/testing/fake-chat-endpoint.ts';
import { readProtocolMessage, type TaskResult } from './protocol.ts';
import { DelegatedScenario } from './testing/delegated-scenario.ts';
import { DEFAULT_REVIEW_SKILLS } from './testing/review-skills.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

/** The verdict filter of `text`'s focus over the demo rule set, found as the Conductor finds it (focus-rules.ts). */
const demoFocusVerdicts = (text: string) => {
  const rules = loadRuleSet(DEMO_WORLD.ruleSetId).map((r) => ({ ...r, applies_to_labels: r.labels }));
  const focus = focusIn(text);
  return verdictsFilter(focus.topic === 'overall' ? null : topicRuleIds(focus, rules));
};

const REQUEST =
  'Review the calls of Alex Wong and Priya Shah from last week and tell me which of them needs coaching on vulnerable customers';

type Msg = ChatRequest['messages'][number];
const toolResults = (messages: Msg[], name: string) =>
  messages.flatMap((m, i) =>
    m.role === 'tool' &&
    messages
      .slice(0, i)
      .some((a) => a.role === 'assistant' && a.tool_calls?.some((c) => c.id === m.tool_call_id && c.function.name === name))
      ? [JSON.parse(m.content) as Record<string, unknown>]
      : [],
  );
const lastUser = (messages: Msg[]) => [...messages].reverse().find((m) => m.role === 'user')!.content;

/**
 * The same scenario with the OpenAI-compatible brain: the Conductor thinks with a model (a
 * scripted endpoint speaking the chat-completions wire format, answering as a model would from
 * what it is sent: its system prompt with the session's memory blocks, the tools' returns, the
 * Companions' messages), the Companions and the Strategist with their deterministic brains.
 * It checks that the model-driven Conductor works through the same tools and protocol.
 */
describe('delegated mode with a model-driven Conductor (OpenAI-compatible endpoint)', () => {
  let fake: FakeChatEndpoint;
  let s: DelegatedScenario;
  let skills: Record<ReviewRole, SkillSummary>;

  /** What the scripted model answers to each request of the Conductor. */
  function model(req: ChatRequest): ScriptedReply {
    const system = req.messages[0]!.content as string;
    const context = JSON.parse(system.match(/<session_context>[\s\S]*?<value>\n([\s\S]*?)\n<\/value>/)![1]!) as {
      session_id: string;
      shared_blocks: { session_context: string };
    };
    const me = system.match(/agent_id=(\S+)/)![1]!;
    const inbound = lastUser(req.messages);
    const carried = readProtocolMessage(inbound);
    if (carried.kind === 'valid' && carried.message.type !== 'task_result') return { content: '' };
    if (carried.kind === 'valid') {
      const results = req.messages
        .flatMap((m) => (m.role === 'user' ? [readProtocolMessage(m.content)] : []))
        .flatMap((c) => (c.kind === 'valid' && c.message.type === 'task_result' ? [c.message] : []));
      if (results.length < 2) return { content: `One review is in (${results.length} of 2).` };
      const line = (r: TaskResult) => {
        const calls = (r.output.data as { calls?: Array<{ focus_verdicts?: Array<{ verdict: string }> }> }).calls ?? [];
        const fails = calls.flatMap((c) => c.focus_verdicts ?? []).filter((v) => v.verdict === 'fail').length;
        return `${String((r.output.data as { advisor?: string }).advisor)}: ${calls.length} calls, ${fails} failed vulnerability checks`;
      };
      return { content: `Both reviews are in. ${results.map(line).join('; ')}.` };
    }
    const listed = toolResults(req.messages, 'list_session_companions');
    if (!listed.length) return { tool_calls: [{ name: 'list_session_companions', arguments: { session_id: context.session_id } }] };
    const created = toolResults(req.messages, 'create_companion');
    if (!created.length) {
      const create = {
        session_id: context.session_id,
        conductor_id: me,
        specialization: 'call-review',
        shared_block_ids_json: JSON.stringify([context.shared_blocks.session_context]),
      };
      return {
        tool_calls: [
          { name: 'create_companion', arguments: create },
          { name: 'create_companion', arguments: create },
        ],
      };
    }
    if (!toolResults(req.messages, 'delegate_task').length) {
      const task = (advisor: string, companion: string) => {
        const t = callReviewTask(
          skills,
          { advisor_name: advisor, start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId },
          demoFocusVerdicts(inbound),
        );
        if (!t.ok) throw new Error(t.error);
        const id = `t-${advisor.toLowerCase().replace(/\W+/g, '-')}`;
        return {
          companion_id: companion,
          task_id: id,
          description: `Review ${advisor}'s calls from last week for vulnerable customers`,
          skills_required_json: JSON.stringify(t.task.skills_required),
          context_json: JSON.stringify({ inputs: t.task.inputs, plan: t.task.plan, output: t.task.output, request_id: 'r-1' }),
        };
      };
      return {
        tool_calls: [
          { name: 'delegate_task', arguments: task('Alex Wong', String(created[0]!.companion_id)) },
          { name: 'delegate_task', arguments: task('Priya Shah', String(created[1]!.companion_id)) },
        ],
      };
    }
    return {
      content: 'I have asked two Companions to review Alex Wong and Priya Shah; I will combine their findings when they report back.',
    };
  }

  beforeAll(async () => {
    fake = await FakeChatEndpoint.start();
    fake.reply(...Array.from({ length: 40 }, () => model));
    const conductorModel = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'conductor-model' });
    const offline = deterministicBrains();
    s = await DelegatedScenario.start({
      brains: { forRole: (role) => (role === 'conductor' ? conductorModel : offline.forRole(role)), describe: () => ({ brain: 'mixed' }) },
    });
    const set = skillsetOf((await s.tool('get_skillset', {})) as Record<string, unknown>)!;
    skills = Object.fromEntries(REVIEW_ROLES.map((r) => [r, set.skills.find((x) => x.uri === DEFAULT_REVIEW_SKILLS[r])!])) as Record<
      ReviewRole,
      SkillSummary
    >;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('creates two Companions and delegates in parallel through the tools, then answers from both results', async () => {
    const { id: conductor, session } = await s.conductor();
    const turn = await s.say(conductor, REQUEST);
    expect(turn.names).toEqual(['list_session_companions', 'create_companion', 'create_companion', 'delegate_task', 'delegate_task']);
    expect(turn.reply).toContain('I have asked two Companions');
    await s.settle(session.id);
    const tasks = await s.hub.store.tasks(session.id);
    expect(tasks.map((t) => [t.taskId, t.status])).toEqual([
      ['t-alex-wong', 'succeeded'],
      ['t-priya-shah', 'succeeded'],
    ]);
    const answer = (await s.answers(conductor)).at(-1)!;
    expect(answer).toMatch(/^Both reviews are in\./);
    expect(answer).toMatch(/Alex Wong: \d+ calls, \d+ failed vulnerability checks/);
    expect(answer).toMatch(/Priya Shah: \d+ calls, \d+ failed vulnerability checks/);
    const conductorRequests = fake.requests.filter((r) => r.body?.model === 'conductor-model');
    expect(conductorRequests.flatMap((r) => r.problems)).toEqual([]);
    const tools = conductorRequests[0]!.body.tools!.map((t) => t.function.name);
    for (const name of ['create_companion', 'delegate_task', 'list_session_companions', 'update_session_context', 'finalize_session'])
      expect(tools).toContain(name);
  }, 120_000);
});
