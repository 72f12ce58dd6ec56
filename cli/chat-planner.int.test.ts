import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNING_TOOLS } from '../server/contracts/planning/ports.ts';
import { chatCli, chatJson, type ChatCli, type ChatJson } from './chat/testing/chat-cli.ts';

const PLANNING: ReadonlySet<string> = new Set(PLANNING_TOOLS);

/**
 * The Planner's capabilities (issue 15) through `dcf chat --json` on the demo data, as a user of
 * `npm start` has them: people and periods as people type them, checks that start no run, a team
 * review, answers from the stored QA results (rank, vulnerable customers, explain a call), a
 * product check for another product, follow-ups, and composition from the outcomes asked for.
 * Today is 2024-07-08 (the demo clock); last week, 1–7 July, has 9 calls.
 */
describe('dcf chat: what the Planner understands and can do', { timeout: 600_000 }, () => {
  let cli: ChatCli;
  const say = async (text: string, conversation?: string): Promise<ChatJson> => {
    const who = conversation ? ['--conversation', conversation] : ['--agent', 'planner'];
    const r = await cli.dcf([...who, '--user', 'compliance@demo.dcf', '--json', '--timeout', '280', text]);
    expect(r.code, r.stderr).toBe(0);
    return chatJson(r);
  };
  /** The turn's work: its tool calls but the plan's bookkeeping (declare/update_tool_call_plan). */
  const names = (j: ChatJson) => j.tool_calls.map((c) => c.name).filter((n) => !PLANNING.has(n));
  /** The planning calls of a turn: one declaration before its tools, one end after (issue 17). */
  const planning = (j: ChatJson) => j.tool_calls.map((c) => c.name).filter((n) => PLANNING.has(n));

  beforeAll(async () => {
    cli = await chatCli();
  }, 240_000);
  afterAll(() => cli.close());

  it('an unknown advisor and a reversed period are questions: no run starts', async () => {
    const unknown = await say("Check the quality of John Smith's calls last week");
    expect(unknown.reply).toMatch(/^I can't find John Smith in the CRM\. Did you mean .+\?$/);
    expect(unknown.runs).toEqual([]);
    expect(names(unknown)).not.toContain('start_workflow_run');
    const reversed = await say("Review Alex Wong's calls between 7 July 2024 and 1 July 2024");
    expect(reversed.reply).toContain('ends before it starts');
    expect(reversed.runs).toEqual([]);
    const empty = await say('can u QA alex wong calls in may pls');
    expect(empty.reply).toContain('I found no recorded calls for Alex Wong');
    expect(empty.runs).toEqual([]);
  });

  it(
    'a team review runs one analysis per advisor with calls, then ranking, vulnerability and explanations ' + 'answer from the results',
    async () => {
      const asked = await say("Review the Home Finance North team's calls last week");
      expect(asked.reply).toMatch(
        /To confirm: for the Home Finance North team \(Alex Wong, Priya Shah, Tom Ellis\) — 7 calls of the applications opened last week/,
      );
      expect(asked.reply).toContain('Maria Garcia had no calls in that period');
      const ran = await say('yes', asked.conversation_id);
      expect(ran.runs.map((r) => (r.input as { advisor_name: string }).advisor_name).sort()).toEqual([
        'Alex Wong',
        'Priya Shah',
        'Tom Ellis',
      ]);
      expect(ran.runs.every((r) => r.status === 'SUCCEEDED')).toBe(true);
      // 4 calls: under MIN_SAMPLE (lib/min-sample.ts), so the mean is stated and marked thin.
      expect(ran.reply, ran.reply).toMatch(/\| Alex Wong \| 4 of 4 \| [\d.]+\/100 \(thin\) \|/);

      const lowest = await say('Which advisor has the lowest QA score last week?');
      expect(lowest.runs).toEqual([]);
      expect(names(lowest)).toContain('summarise_qa_results');
      expect(lowest.reply).toMatch(
        /The advisor with the lowest mean QA score last week \(1–7 Jul 2024\) is \*\*(Alex Wong|Priya Shah|Tom Ellis)\*\*/,
      );
      expect(lowest.reply, lowest.reply).toMatch(
        /Only 6 of the 9 calls recorded last week .* Shall I analyse the 3 calls not analysed yet\?/,
      );
      // "Yes" analyses what is missing (the South team's calls, and one of Sophie Turner's from an application of June);
      // asked again, the ranking covers every call recorded in the week.
      const rest = await say('yes please', lowest.conversation_id);
      expect(rest.runs.map((r) => (r.input as { advisor_name: string }).advisor_name).sort()).toEqual([
        'Daniel Brooks',
        "James O'Connor",
        'Sophie Turner',
      ]);
      const again = await say('Which advisor has the lowest QA score last week?');
      expect(again.reply, again.reply).toContain('All 9 recorded calls last week (1–7 Jul 2024) have been analysed.');

      const rules = await say('which rule fails most last week?');
      expect(rules.reply, rules.reply).toMatch(/\*\*.+\*\* fails most: in \d+ of 9 analysed calls/);

      const scan = await say('Show me all calls last week where the customer sounded vulnerable');
      expect(scan.reply, scan.reply).toMatch(/of 9 analysed calls|None of the 9 analysed calls/);

      const call = /REC-\d+/.exec(ran.reply)?.[0] ?? /\[(REC-\d+)\]/.exec(scan.reply)?.[1];
      const lowCall = await say(`Why did ${call ?? 'REC-88310'} score so low?`);
      expect(lowCall.reply).toMatch(/scored \*\*\d+\/100\*\*/);
      expect(names(lowCall)).toEqual(['list_qa_results', 'get_qa_result']);
      expect(planning(lowCall)).toEqual(['declare_tool_call_plan', 'update_tool_call_plan']);
    },
  );

  it('a pilot, then follow-ups: the same for June, now for Tom, why did that call score low', async () => {
    const asked = await say("Score priya shah's calls from last week");
    expect(asked.reply).toContain("To confirm: for Priya Shah's calls last week (1–7 Jul 2024)");
    const pilot = await say('sure, go for it', asked.conversation_id);
    expect(pilot.runs).toEqual([
      expect.objectContaining({
        status: 'SUCCEEDED',
        input: { advisor_name: 'Priya Shah', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: 'compliance_rules_v2024Q4' },
      }),
    ]);
    const june = await say('the same for June', asked.conversation_id);
    expect(june.reply).toContain("To confirm: for Priya Shah's calls in June (1–30 Jun 2024)");
    const tom = await say('now for Tom', asked.conversation_id);
    expect(tom.reply).toContain("To confirm: for Tom Ellis's calls in June");
    const declined = await say("Please don't", asked.conversation_id);
    expect(declined.runs).toEqual([]);
    expect(declined.reply).toContain("I won't run anything");
    const why = await say('why did that call score low?', asked.conversation_id);
    expect(why.reply, why.reply).toMatch(/\*\*REC-\d+\*\* \(Priya Shah/);
  });

  it('composition from outcomes: "skip the scoring" composes, validates and saves a refinement ' + 'before it runs', async () => {
    const asked = await say("Check Alex Wong's calls last week but skip the scoring");
    expect(asked.reply).toContain('without the QA score');
    const ran = await say('yes', asked.conversation_id);
    const order = names(ran);
    expect(order.indexOf('validate_workflow')).toBeGreaterThan(-1);
    expect(order.indexOf('validate_workflow')).toBeLessThan(order.indexOf('save_workflow'));
    expect(order.indexOf('save_workflow')).toBeLessThan(order.indexOf('start_workflow_run'));
    expect(ran.tool_calls.find((c) => c.name === 'save_workflow')!.args.parent).toMatchObject({ relation: 'REFINEMENT_OF' });
    expect(ran.runs).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
  });

  it('a product check for any product in the data, scaled up on "yes"', async () => {
    const asked = await say('Are advisors explaining homeowner loans correctly last week?');
    expect(asked.reply).toMatch(/Homeowner Loan/);
    const ran = await say('yes', asked.conversation_id);
    expect(ran.runs).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
    expect(ran.reply).toContain('Shall I scale it to the whole set?');
    const scaled = await say('yes, scale it to all of them', asked.conversation_id);
    expect(scaled.runs).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
    expect(scaled.reply).toContain('Scaling up');
  });
});
