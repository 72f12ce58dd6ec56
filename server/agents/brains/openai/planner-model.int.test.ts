import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planToolCards } from '../../../../components/chat/cards.ts';
import { foldThread } from '../../../../components/chat/thread.ts';
import { executionHarness, type ExecutionHarness } from '../../../execution/testing/harness.ts';
import { indexSkills } from '../../../learning/search.ts';
import { seedWorkflowCatalog } from '../../../learning/workflow-catalog.ts';
import { createTestDatabase, testDbKind } from '../../../testing/test-database.ts';
import { LocalAgentPlatform } from '../../local/local-platform.ts';
import { FakeChatEndpoint, type ChatRequest, type ScriptedReply } from '../../local/testing/fake-chat-endpoint.ts';
import type { AgentEvent } from '../../../contracts/agent-platform.ts';
import { openAIBrains } from '../select.ts';
import { OpenAIChatBrain } from './openai-brain.ts';
import { conclusionProblems } from './testing/conclusion-wire.ts';

const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
const CLOCK = 'Today is 2024-07-08T09:00:00Z (Monday).';
const LAST_WEEK = { start_date: '2024-07-01', end_date: '2024-07-07' };
/** As planner.af asks: a run read without its entries and with Map iterations summarised (a single-call pilot keeps its output). */
const SMALL_READ = { include_entries: false, iteration_data: 'summary' };

type Msg = ChatRequest['messages'][number];
/** The returns of `name` in the request, oldest first (parsed). */
const returnsOf = (messages: Msg[], name: string) =>
  messages.flatMap((m, i) => {
    if (m.role !== 'tool') return [];
    const called = messages
      .slice(0, i)
      .some((a) => a.role === 'assistant' && a.tool_calls?.some((c) => c.id === m.tool_call_id && c.function.name === name));
    return called ? [JSON.parse(m.content) as Record<string, any>] : [];
  });
/** The messages of the current turn: after the user's last message. */
const thisTurn = (messages: Msg[]) => messages.slice(messages.findLastIndex((m) => m.role === 'user'));
const lastUser = (messages: Msg[]) => (messages.findLast((m) => m.role === 'user') as { content: string }).content;

/**
 * The Planner with a language model (a scripted chat-completions endpoint that answers as a model
 * following planner.af's instructions would, from what it is sent), through the local agent
 * runtime with the real tools: the CRM directory skill, Redis, in-process workers and the demo
 * skills. It resolves the advisor with list_advisors, checks the run's arguments with count_calls,
 * asks before it runs, and on "yes" runs the seeded Standard Advice Call Analysis. The chat's
 * cards come out of the model's tool returns as they do for the offline Planner's.
 */
describe(
  `the model-driven Planner checks, confirms, runs and reports through the same tools (${testDbKind()})`,
  { timeout: 180_000 },
  () => {
    let fake: FakeChatEndpoint;
    let h: ExecutionHarness;
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let platform: LocalAgentPlatform;

    /** The scripted model: what a model following the Planner's instructions asks for next. */
    function planner(req: ChatRequest): ScriptedReply {
      const turn = thisTurn(req.messages);
      const said = lastUser(req.messages);
      if (/^yes\b/i.test(said)) {
        const started = returnsOf(turn, 'start_workflow_run');
        if (!started.length) {
          const checked = returnsOf(req.messages, 'count_calls').at(-1)!;
          const name = checked.by_advisor[0].name as string;
          const run = { workflow_id: STANDARD, version: '1.0.0', input: { advisor_name: name, ...LAST_WEEK } };
          return { tool_calls: [{ name: 'start_workflow_run', arguments: run }] };
        }
        const waited = returnsOf(turn, 'wait_for_workflow_run');
        if (!waited.length)
          return {
            tool_calls: [{ name: 'wait_for_workflow_run', arguments: { run_id: started[0]!.run_id, timeout_s: 90, ...SMALL_READ } }],
          };
        return { content: `The run ${waited[0]!.run.run_id} ended ${waited[0]!.run.status}.` };
      }
      const advisors = returnsOf(turn, 'list_advisors');
      if (!advisors.length) return { tool_calls: [{ name: 'list_advisors', arguments: {} }] };
      const known = (advisors[0]!.advisors as Array<{ name: string }>).find((a) => said.toLowerCase().includes(a.name.toLowerCase()));
      const asked = known?.name ?? said.match(/for ([A-Z][a-z]+ [A-Z][a-z]+)/)?.[1] ?? 'nobody';
      const counted = returnsOf(turn, 'count_calls');
      if (!counted.length) return { tool_calls: [{ name: 'count_calls', arguments: { advisor_names: [asked], ...LAST_WEEK } }] };
      const c = counted[0]!;
      if (c.unknown_advisors.length) return { content: `I can't find ${c.unknown_advisors.join(', ')}. Who did you mean?` };
      return {
        content: `${c.by_advisor[0].name} had ${c.calls} calls from 1 to 7 July 2024. Shall I run the Standard Advice Call Analysis?`,
      };
    }

    beforeAll(async () => {
      fake = await FakeChatEndpoint.start();
      db = await createTestDatabase();
      h = await executionHarness({}, 4);
      await indexSkills(db.db, h.x.skills);
      await seedWorkflowCatalog(db.db, h.config.workflowsDir);
      const brain = new OpenAIChatBrain({ baseUrl: fake.baseUrl, model: 'planner-model' });
      const toolServices = { config: h.config, db: async () => db.db, execution: async () => h.x };
      platform = new LocalAgentPlatform({ db: db.db, toolServices, brains: openAIBrains(brain), audit: null });
    }, 60_000);
    afterAll(async () => {
      await platform?.close();
      await h?.close();
      await db?.dispose();
      await fake?.close();
    });

    const say = async (agentId: string, content: string) => {
      const events = await platform.sendMessage(agentId, { role: 'user', content });
      const calls = events.flatMap((e) => (e.message_type === 'tool_call_message' ? [e.tool_call] : []));
      const reply = events.flatMap((e) => (e.message_type === 'assistant_message' ? [e.content] : [])).at(-1) ?? '';
      const stop = (events.at(-1) as Extract<AgentEvent, { message_type: 'stop_reason' }>).stop_reason;
      return { events, names: calls.map((c) => c.name), calls, reply, stop };
    };

    it('reads the planner template\'s instructions with its memory, resolves and checks, asks, then runs on "yes" with run and QA cards', async () => {
      const agent = await platform.createAgent({
        template: 'planner',
        blocks: [{ label: 'clock', value: CLOCK, description: 'Today for this conversation.' }],
      });
      fake.reply(planner, planner, planner);
      const t1 = await say(agent.id, 'can u QA alex wong calls for last week pls');
      expect(t1.names).toEqual(['list_advisors', 'count_calls']);
      expect(JSON.parse(t1.calls[1]!.arguments)).toEqual({ advisor_names: ['Alex Wong'], ...LAST_WEEK });
      expect(t1.reply).toMatch(/^Alex Wong had [1-9]\d* calls from 1 to 7 July 2024\. Shall I run/);
      expect(t1.stop).toBe('end_turn');

      // The system prompt is planner.af's, with core memory rendered as Letta does; the new tools are offered.
      const first = fake.requests[0]!;
      expect(first.problems).toEqual([]);
      const system = (first.body.messages[0] as { content: string }).content;
      expect(system).toMatch(/^<base_instructions>\nYou are the Planner of the DCF Console/);
      expect(system).toContain('call count_calls');
      expect(system).toMatch(
        /<memory_blocks>[\s\S]*<persona>[\s\S]*<human>[\s\S]*<clock>[\s\S]*<value>\nToday is 2024-07-08T09:00:00Z \(Monday\)\.\n<\/value>/,
      );
      expect(system).toContain(`agent_id=${agent.id}`);
      const offered = first.body.tools!.map((t) => t.function.name);
      expect(offered).toEqual(
        expect.arrayContaining([
          'list_advisors',
          'list_products',
          'count_calls',
          'summarise_qa_results',
          'list_qa_results',
          'get_qa_result',
          'start_workflow_run',
          'validate_workflow',
        ]),
      );

      fake.reply(planner, planner, planner);
      const t2 = await say(agent.id, 'yes please');
      expect(t2.names).toEqual(['start_workflow_run', 'wait_for_workflow_run']);
      expect(t2.reply).toMatch(/^The run [0-9a-f-]{36} ended SUCCEEDED\.$/);
      expect(fake.requests.flatMap((r) => r.problems)).toEqual([]);

      // The chat's cards, from the stored thread exactly as the Chat page folds it.
      const items = foldThread((await platform.listMessages(agent.id)).map((m) => ({ event: m.event, at: m.created_at })));
      const runs = [...planToolCards(items).values()].filter((c) => c.kind === 'run');
      const runId = JSON.parse(t2.events.find((e) => e.message_type === 'tool_return_message')!.tool_return).run_id as string;
      const latest = runs.at(-1)!;
      expect(latest).toMatchObject({ kind: 'run', runId, snapshot: { runId, status: 'SUCCEEDED', workflowId: STANDARD } });
      expect(latest.kind === 'run' && latest.qa?.score).toEqual(expect.any(Number));
    });

    it('corrects a malformed call, reads a tool error, and at the step limit still answers (from the model, or written when it fails)', async () => {
      const agent = await platform.createAgent({ template: 'planner', blocks: [{ label: 'clock', value: CLOCK }] });
      fake.requests.length = 0;
      const lastReturn = (req: ChatRequest) => JSON.parse((req.messages.at(-1) as { content: string }).content) as Record<string, any>;
      const read: Array<Record<string, any>> = [];
      const final =
        "I checked Alex Wong's calls: my first dates were not ISO dates, then the period I asked for was reversed. " +
        'Left: the count for 1 to 7 July 2024, then your confirmation. Say "continue" and I will go on.';
      fake.reply(
        {
          tool_calls: [
            { name: 'count_calls', arguments: { advisor_names: ['Alex Wong'], start_date: '01/07/2024', end_date: '07/07/2024' } },
          ],
        },
        (req) => {
          read.push(lastReturn(req));
          return {
            tool_calls: [
              { name: 'count_calls', arguments: { advisor_names: ['Alex Wong'], start_date: '2024-07-07', end_date: '2024-07-01' } },
            ],
          };
        },
        (req) => {
          read.push(lastReturn(req));
          return { content: final };
        },
      );
      const asked = 'How many calls did Alex Wong take, 01/07/2024 to 07/07/2024?';
      const t1 = await platform.sendMessage(agent.id, { role: 'user', content: asked }, { max_steps: 2 });
      expect(t1.filter((e) => e.message_type === 'tool_return_message').map((e) => e.status)).toEqual(['error', 'error']);
      // What the model read: the malformed dates refused with what to do; then the skill's own refusal of a reversed period.
      expect(read.map((r) => [r.status, r.error_code])).toEqual([
        ['error', 'invalid_input'],
        ['error', 'invalid_input'],
      ]);
      expect(read[0]!.error).toMatch(
        /start_date: must be a date YYYY-MM-DD.*Correct the arguments to match the tool's parameters and call it again\.$/,
      );
      expect(read[1]!.error).not.toMatch(/Correct the arguments/);
      expect(t1.find((e) => e.message_type === 'assistant_message')).toMatchObject({ content: final });
      expect(t1.at(-1)).toEqual({ message_type: 'stop_reason', stop_reason: 'max_steps' });
      expect(fake.requests.slice(0, 2).map((r) => r.problems)).toEqual([[], []]);
      expect(conclusionProblems(fake.requests[2]!)).toEqual([]);

      // "continue": the corrected check, then the limit again with the endpoint failing: the loop writes the answer.
      fake.reply(
        { tool_calls: [{ name: 'count_calls', arguments: { advisor_names: ['Alex Wong'], ...LAST_WEEK } }] },
        { status: 502, body: 'bad gateway' },
      );
      const t2 = await platform.sendMessage(agent.id, { role: 'user', content: 'continue' }, { max_steps: 1 });
      expect(t2.at(-1)).toEqual({ message_type: 'stop_reason', stop_reason: 'max_steps' });
      expect(t2.filter((e) => e.message_type === 'error_message')).toEqual([]);
      const written = (t2.find((e) => e.message_type === 'assistant_message') as { content: string }).content;
      expect(
        written.startsWith(
          'I have stopped: I reached the limit of 1 step I may take in one turn before I could finish.\n\n' +
            'So far in this turn I:\n- called count_calls\n\n',
        ),
      ).toBe(true);
      expect(written).toMatch(/Say "continue" and I will go on from here\.$/);
    });

    it('an unknown advisor is a question, and no run starts', async () => {
      const agent = await platform.createAgent({ template: 'planner', blocks: [{ label: 'clock', value: CLOCK }] });
      const before = fake.requests.length;
      fake.reply(planner, planner, planner);
      const t = await say(agent.id, 'Please review the calls for John Smith from last week');
      expect(t.names).toEqual(['list_advisors', 'count_calls']);
      const checked = JSON.parse(t.events.filter((e) => e.message_type === 'tool_return_message').at(-1)!.tool_return);
      expect(checked).toMatchObject({ status: 'ok', calls: 0, unknown_advisors: ['John Smith'] });
      expect(t.reply).toBe("I can't find John Smith. Who did you mean?");
      expect(fake.requests.slice(before).flatMap((r) => r.problems)).toEqual([]);
    });
  },
);
