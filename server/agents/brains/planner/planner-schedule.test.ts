import { describe, expect, it } from 'vitest';
import { ok, PLANNER_TOOLS, ScriptedConversation } from './testing/script.ts';
import { PLANNER_REQUEST_TASK } from './scheduled-message.ts';
import { names, withCoveringCatalog } from './testing/planner-fixtures.ts';

const TOOLS = [...PLANNER_TOOLS, 'schedule_background_job', 'send_notification'];
const WEEKLY = "Every Monday at 9am, review every advisor's calls from the previous week";
const scheduled = { internal_job_id: 'job-1', job_status: 'SCHEDULED_AND_ACTIVE', next_run_time_utc_iso: '2024-07-15T08:00:00.000Z' };
const summary = ok({
  groups: [
    { key: 'Tom Ellis', label: 'Tom Ellis', calls: 5, scored: 5, mean_score: 64.2, min_score: 40, failed_mandatory: 2, vulnerable: 0 },
  ],
  total_calls: 5,
});
const withScheduler = (extra: Parameters<typeof withCoveringCatalog>[0] = {}) =>
  withCoveringCatalog({
    summarise_qa_results: () => summary,
    schedule_background_job: (_, a) => ok({ ...scheduled, job_name: a.job_name }),
    send_notification: () => ok({ channel_status: [{ channel: 'UI_ALERT', delivery_status: 'SUCCESS', message_id_or_error: 'n-1' }] }),
    ...extra,
  });

/** The message a background job's trigger dispatches (server/orchestration/dispatch-message.ts). */
function dispatched(request: string): string {
  return JSON.stringify({
    type: 'dispatched_task',
    dispatched_task_id: 'd-1',
    task_type: PLANNER_REQUEST_TASK,
    task_payload: { request, notify: ['UI_ALERT'] },
    reply_expected: false,
    dispatched_by: { kind: 'system', id: 'scheduler' },
    background_job: { internal_job_id: 'job-1', job_name: 'Weekly review', fired_at: '2024-07-15T08:00:00Z' },
  });
}

describe('the Planner schedules a request and runs it when the job fires', () => {
  it('confirms a weekly review in words, then creates the job dispatching the request back to itself', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    const t = await c.turn(WEEKLY);
    expect(names(t.calls)).toEqual(['list_advisors']);
    expect(t.reply).toContain("To schedule: a QA review of every advisor's calls, every Monday at 09:00, UK time.");
    expect(t.reply).toContain('Each run reads “previous week” again on the day it runs');
    expect(t.reply).toMatch(/Shall I schedule it\?$/);
    expect(c.calls.some((x) => x.name === 'schedule_background_job')).toBe(false);

    const yes = await c.turn('Yes please');
    expect(names(yes.calls)).toEqual(['schedule_background_job']);
    const args = yes.calls[0]!.args;
    expect(args).toMatchObject({
      cron_expression: '0 9 * * 1',
      target_agent_id_on_trigger: 'agent-planner',
      task_type_on_trigger: PLANNER_REQUEST_TASK,
      job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
      enabled_on_create: true,
    });
    expect(args).not.toHaveProperty('interval_seconds');
    expect(JSON.parse(args.task_payload_on_trigger_json as string)).toEqual({
      request: "review every advisor's calls from the previous week",
      notify: ['UI_ALERT'],
    });
    expect(yes.reply).toContain('Next run: 15 Jul 2024, 09:00 (UK time)');
    expect(yes.reply).toContain('/schedules');
  });

  it('schedules what to do, without the words that asked for the schedule; a run reads it as the same request', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    const ask = await c.turn("Hi, can you set up a review of every advisor's calls from the previous week, every Monday at 9am?");
    expect(ask.reply).toContain("To schedule: a QA review of every advisor's calls, every Monday at 09:00, UK time.");
    const yes = await c.turn('yes');
    const payload = JSON.parse(yes.calls.find((x) => x.name === 'schedule_background_job')!.args.task_payload_on_trigger_json as string);
    expect(payload.request).toBe("a review of every advisor's calls from the previous week");
    const run = await new ScriptedConversation(withScheduler(), { tools: TOOLS }).turn(dispatched(payload.request));
    expect(names(run.calls)).toContain('summarise_qa_results');
  });

  it('says nothing is scheduled when the user declines', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    await c.turn(WEEKLY);
    const no = await c.turn('No, not now');
    expect(no.calls).toEqual([]);
    expect(c.calls.some((x) => x.name === 'schedule_background_job')).toBe(false);
  });

  it('asks how often when the schedule cannot be set as said, and takes the answer', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    const t = await c.turn("Set up a weekly review of Tom Ellis's calls for the previous week");
    expect(t.reply).toContain('“Weekly” needs a day of the week. How often should it run?');
    const again = await c.turn('on Tuesdays at 8am');
    expect(again.reply).toContain("a QA review of Tom Ellis's calls, every Tuesday at 08:00");
    const yes = await c.turn('yes');
    expect(yes.calls[0]!.args).toMatchObject({ cron_expression: '0 8 * * 2' });
  });

  it('takes a day alone as the answer to "How often should it run?", as people type it', async () => {
    for (const [reply, cron] of [
      ['mondays at 8am', '0 8 * * 1'],
      ['Monday at 7:30', '30 7 * * 1'],
    ] as const) {
      const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
      await c.turn('can you set up a weekly review of all advisors calls from the previous week');
      expect((await c.turn(reply)).reply).toMatch(/Shall I schedule it\?$/);
      expect((await c.turn('yes please')).calls[0]!.args).toMatchObject({ cron_expression: cron });
    }
  });

  it('asks for a moving period: a fixed one would repeat the same calls, none would be unclear', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    expect((await c.turn("Every Monday at 9, review Tom Ellis's calls in June 2024")).reply).toMatch(
      /is a fixed period, so every run would look at the same calls\. Which period should I use\?/,
    );
    const d = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    expect((await d.turn("Every Monday at 9, review Tom Ellis's calls")).reply).toContain('Which period should I use?');
    expect(d.calls.some((x) => x.name === 'schedule_background_job')).toBe(false);
  });

  it('does not schedule a product check, and says what can be scheduled', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    const t = await c.turn('Every Monday at 9am, check whether advisors explain HELOC 2.0 correctly in calls from the previous week');
    expect(t.reply).toContain('I can schedule QA reviews, rankings and scans');
    expect(c.calls.some((x) => x.name === 'schedule_background_job')).toBe(false);
  });

  it('when the job fires: runs the ranking without asking and notifies the user before answering', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    const t = await c.turn(dispatched('which advisor has the lowest QA score last week'));
    expect(names(t.calls).at(-1)).toBe('send_notification');
    expect(names(t.calls)).toContain('summarise_qa_results');
    const sent = t.calls.at(-1)!.args;
    expect(sent).toMatchObject({ channels: ['UI_ALERT'], subject_text: 'Scheduled: Weekly review', urgency_level: 'MEDIUM' });
    expect(sent.message_text).toBe(t.reply);
    expect(names(t.calls).filter((n) => n === 'send_notification')).toHaveLength(1);
  });

  it('when the job fires: a review runs every advisor straight away (no confirmation) and is reported', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    const t = await c.turn(dispatched("review every advisor's calls from the previous week"));
    expect(names(t.calls)).toContain('start_workflow_run');
    expect(names(t.calls).at(-1)).toBe('send_notification');
    expect(t.reply).not.toMatch(/To confirm|Shall I/);
  });

  it('a dispatched task of another type is not a scheduled request', async () => {
    const c = new ScriptedConversation(withScheduler(), { tools: TOOLS });
    const other = JSON.parse(dispatched('x')) as Record<string, unknown>;
    const t = await c.turn(JSON.stringify({ ...other, task_type: 'CONFIGURATION_UPDATE_REQUIRED' }));
    expect(t.calls).toEqual([]);
  });
});
