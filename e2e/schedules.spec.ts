import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { trpc } from './trpc';

type Created = { status: string; agent_id: string; instance_status: string };
type Scheduled = { status: string; internal_job_id: string; job_status: string; next_run_time_utc_iso: string };

/** "6 Jul 2026, 09:00": what the page shows for an instant (en-GB, London), as lib/uk-time.ts formats it. */
const london = (iso: string) => new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
}).format(new Date(iso));

/**
 * The Schedules page (issue 18): an admin's background jobs, made through the same tools the
 * agents use (schedule_background_job behind schedules.schedule), with their next run in London
 * time; an interval job really fires and its run shows; pause and delete from the page.
 */
test('the Schedules page shows a job’s next run, its runs, and pauses and deletes it', async ({ page }) => {
  await signIn(page, DEMO.admin, '/schedules');
  const stamp = Date.now();
  const agent = await trpc<Created>(page.request, 'schedules.createAgentInstance', {
    agent_type_template: 'worker', agent_name_label: `QA reviewer ${stamp}`, initial_config_json: '{"advisors":"all"}', start_immediately: false,
  }, 'mutation');
  expect(agent).toMatchObject({ status: 'ok', instance_status: 'INITIALIZED' });
  const weeklyName = `weekly_qa_review_${stamp}`;
  const weekly = await trpc<Scheduled>(page.request, 'schedules.schedule', {
    job_name: weeklyName, job_type_identifier: 'PERIODIC_AGENT_TRIGGER', cron_expression: '0 9 * * 1',
    target_agent_id_on_trigger: agent.agent_id, task_type_on_trigger: 'QA_REVIEW', task_payload_on_trigger_json: '{"advisors":"all"}',
  }, 'mutation');
  expect(weekly).toMatchObject({ status: 'ok', job_status: 'SCHEDULED_AND_ACTIVE' });
  const fastName = `every_two_seconds_${stamp}`;
  const fast = await trpc<Scheduled>(page.request, 'schedules.schedule', {
    job_name: fastName, job_type_identifier: 'PERIODIC_AGENT_TRIGGER', interval_seconds: 2,
    target_agent_id_on_trigger: agent.agent_id, task_type_on_trigger: 'PING', task_payload_on_trigger_json: '{}',
  }, 'mutation');
  expect(fast.status).toBe('ok');

  await page.goto('/schedules');
  const row = page.getByTestId('schedule-row').and(page.locator(`[data-job-name="${weeklyName}"]`));
  await expect(row).toContainText('every Monday at 09:00 (Europe/London)');
  await expect(row.getByTestId('schedule-next-run')).toHaveText(london(weekly.next_run_time_utc_iso));
  await expect(row).toContainText(agent.agent_id);
  await expect(row).toContainText('Enabled');
  await expect(row).toContainText('never');

  // The interval job fires in the background: after a reload its last run is there, and its runs list it.
  const fastRow = page.getByTestId('schedule-row').and(page.locator(`[data-job-name="${fastName}"]`));
  await expect(async () => {
    await page.reload();
    await expect(fastRow).toContainText('Dispatched', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await fastRow.getByRole('button', { name: 'Runs' }).click();
  const runs = page.getByTestId('schedule-runs');
  await expect(runs).toContainText(`Recent runs of ${fastName}`);
  await expect(runs.getByRole('listitem').first()).toContainText('Dispatched');
  await page.screenshot({ path: shot('schedules-page'), fullPage: true });

  // Pause from the page: no next run; then delete (confirmed).
  await fastRow.getByRole('button', { name: 'Pause' }).click();
  await expect(fastRow).toContainText('Paused');
  await expect(fastRow.getByTestId('schedule-next-run')).toHaveText('— (paused)');
  page.once('dialog', (d) => void d.accept());
  await fastRow.getByRole('button', { name: 'Delete' }).click();
  await expect(fastRow).toHaveCount(0);
  await expect(row).toBeVisible();
});
