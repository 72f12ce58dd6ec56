import { expect, test, type Page } from '@playwright/test';
import { newPlannerConversation, say } from './chat-helpers';
import { DEMO, shot, signIn } from './helpers';
import { trpc } from './trpc';

type Created = { status: string; agent_id: string; instance_status: string };
type Scheduled = { status: string; internal_job_id: string; job_status: string; next_run_time_utc_iso: string };

/** "6 Jul 2026, 09:00": what the page shows for an instant (en-GB, London), as lib/uk-time.ts formats it. */
const london = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/**
 * The Schedules page (issue 18): an admin's background jobs, made through the same tools the
 * agents use (schedule_background_job behind schedules.schedule), with their next run in London
 * time; an interval job really fires and its run shows; pause and delete from the page.
 */
test('the Schedules page shows a job’s next run, its runs, and pauses and deletes it', async ({ page }) => {
  await signIn(page, DEMO.admin, '/schedules');
  const stamp = Date.now();
  const agent = await trpc<Created>(
    page.request,
    'schedules.createAgentInstance',
    {
      agent_type_template: 'worker',
      agent_name_label: `QA reviewer ${stamp}`,
      initial_config_json: '{"advisors":"all"}',
      start_immediately: false,
    },
    'mutation',
  );
  expect(agent).toMatchObject({ status: 'ok', instance_status: 'INITIALIZED' });
  const weeklyName = `weekly_qa_review_${stamp}`;
  const weekly = await trpc<Scheduled>(
    page.request,
    'schedules.schedule',
    {
      job_name: weeklyName,
      job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
      cron_expression: '0 9 * * 1',
      target_agent_id_on_trigger: agent.agent_id,
      task_type_on_trigger: 'QA_REVIEW',
      task_payload_on_trigger_json: '{"advisors":"all"}',
    },
    'mutation',
  );
  expect(weekly).toMatchObject({ status: 'ok', job_status: 'SCHEDULED_AND_ACTIVE' });
  const fastName = `every_two_seconds_${stamp}`;
  const fast = await trpc<Scheduled>(
    page.request,
    'schedules.schedule',
    {
      job_name: fastName,
      job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
      interval_seconds: 2,
      target_agent_id_on_trigger: agent.agent_id,
      task_type_on_trigger: 'PING',
      task_payload_on_trigger_json: '{}',
    },
    'mutation',
  );
  expect(fast.status).toBe('ok');

  await page.goto('/schedules');
  const row = page.getByTestId('schedule-row').and(page.locator(`[data-job-name="${weeklyName}"]`));
  await expect(row).toContainText('every Monday at 09:00 (Europe/London)');
  // The cron expression is the job's internal form: on hover, not in the row.
  await expect(row.getByTestId('schedule-when')).toHaveAttribute('title', 'cron 0 9 * * 1 (Europe/London)');
  await expect(row).not.toContainText('0 9 * * 1');
  await expect(row.getByTestId('schedule-next-run')).toHaveText(london(weekly.next_run_time_utc_iso));
  // The target by its name, its id on hover.
  await expect(row.getByTestId('schedule-target')).toContainText(`QA reviewer ${stamp}`);
  await expect(row.getByTestId('schedule-target')).toHaveAttribute('title', agent.agent_id);
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

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const jobRow = (page: Page, name: string) => page.getByTestId('schedule-row').and(page.locator(`[data-job-name="${name}"]`));

/**
 * Ownership (server/schedules/job-owner.ts): a compliance manager asks the Planner in the chat for
 * a weekly review; the job the Planner schedules is theirs, so their Schedules page lists it and
 * they pause it there. They see nobody else's job and may not pause one; an admin sees whose the
 * manager's job is.
 */
test('a compliance manager sees and pauses the schedule the Planner made from their chat', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await browser.newPage();
  await signIn(admin, DEMO.admin, '/schedules');
  const stamp = Date.now();
  const agent = await trpc<Created>(
    admin.request,
    'schedules.createAgentInstance',
    {
      agent_type_template: 'worker',
      agent_name_label: `Admin's agent ${stamp}`,
      initial_config_json: '{}',
      start_immediately: false,
    },
    'mutation',
  );
  const adminsJob = await trpc<Scheduled>(
    admin.request,
    'schedules.schedule',
    {
      job_name: `admins_job_${stamp}`,
      job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
      cron_expression: '0 7 * * *',
      target_agent_id_on_trigger: agent.agent_id,
      task_type_on_trigger: 'PING',
      task_payload_on_trigger_json: '{}',
    },
    'mutation',
  );
  expect(adminsJob.status).toBe('ok');

  await signIn(page, DEMO.compliance, '/chat');
  await newPlannerConversation(page);
  await expect(await say(page, "Every Monday at 9am, review every advisor's calls from the previous week")).toContainText('To schedule:');
  const done = await say(page, 'Yes, go ahead');
  await expect(done).toContainText('Scheduled “');
  const name = "A QA review of every advisor's calls (previous week), every Monday at 09:00";
  await expect(done).toContainText(name);

  await mainNav(page)
    .getByRole('link', { name: /Schedules/ })
    .click();
  await expect(page).toHaveURL(/\/schedules$/);
  await expect(page.getByRole('heading', { level: 2, name: /Your schedules/ })).toBeVisible();
  const row = jobRow(page, name);
  await expect(row).toContainText('every Monday at 09:00 (Europe/London)');
  await expect(row).toContainText('Enabled');
  await expect(page.getByTestId('schedule-row')).toHaveCount(1); // not the admin's job
  await expect(page.getByTestId('schedule-owner')).toHaveCount(0); // no owner column: they are all theirs
  await page.screenshot({ path: shot('schedules-compliance'), fullPage: true });
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText('Paused');
  await expect(row.getByTestId('schedule-next-run')).toHaveText('— (paused)');
  // Someone else's job is refused by the server, whatever the page shows.
  await expect(trpc(page.request, 'schedules.pause', { internal_job_id: adminsJob.internal_job_id }, 'mutation')).rejects.toThrow(/403/);

  // The admin sees every job, and whose the manager's is (not "agent:<id>").
  await admin.goto('/schedules');
  await expect(admin.getByRole('heading', { level: 2, name: /All schedules/ })).toBeVisible();
  const owner = jobRow(admin, name).getByTestId('schedule-owner');
  await expect(owner).toContainText(DEMO.compliance.name);
  await expect(owner).toContainText(DEMO.compliance.email);
  await expect(jobRow(admin, name)).toContainText('Paused');
  await expect(jobRow(admin, `admins_job_${stamp}`).getByTestId('schedule-owner')).toContainText(DEMO.admin.name);
  await admin.screenshot({ path: shot('schedules-admin-owners'), fullPage: true });
  await admin.close();
});

test('a stakeholder has no Schedules page', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, '/dashboard');
  await expect(mainNav(page).getByRole('link', { name: /Schedules/ })).toHaveCount(0);
  await page.goto('/schedules');
  await expect(page.getByTestId('role-notice')).toContainText('Schedules is for Compliance manager, Workflow designer and Admin');
  await expect(page.getByTestId('schedules-table')).toHaveCount(0);
  await expect(trpc(page.request, 'schedules.list', {}, 'query')).rejects.toThrow(/403/);
});

/**
 * A schedule in words, run now and changed (issue 34): the row says what each run asks, not the
 * job's internal identifiers; "Run now" sends it once (a run in its history, the schedule
 * unchanged); "Edit" takes how often in the chat's own words and refuses what it cannot run.
 */
test('a compliance manager reads a schedule in words, runs it now and changes when it runs', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.compliance, '/chat');
  await newPlannerConversation(page);
  await expect(await say(page, 'Every Friday afternoon, review the calls from this week covering vulnerable customers')).toContainText(
    'To schedule:',
  );
  await expect(await say(page, 'Yes, go ahead')).toContainText('Scheduled “');

  await page.goto('/schedules');
  const row = page.getByTestId('schedule-row').filter({ hasText: 'every Friday at 14:00 (Europe/London)' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('schedule-does')).toHaveText(/^Asks: “review the calls from this week covering vulnerable customers”$/);
  await expect(row).not.toContainText('PERIODIC_AGENT_TRIGGER');
  await expect(row.getByTestId('schedule-target')).toContainText('Planner · chat “');

  await row.getByRole('button', { name: 'Run now' }).click();
  await expect(row.getByRole('status')).toHaveText('Sent now: it is in Runs.');
  await expect(row).toContainText('1 run');
  await expect(row).toContainText('every Friday at 14:00 (Europe/London)');

  await row.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: /Edit the job/ });
  const often = form.getByLabel('How often');
  await expect(often).toHaveValue('every Friday at 14:00');
  await often.fill('every other week');
  await expect(form).toContainText('not every other week');
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await often.fill('every weekday at 8am');
  await expect(form).toContainText('Reads as: every weekday at 08:00 (UK time)');
  await form.getByLabel('What each run asks').fill("review yesterday's calls covering vulnerable customers");
  await page.screenshot({ path: shot('schedules-edit'), fullPage: true });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toHaveCount(0);
  const changed = page.getByTestId('schedule-row').filter({ hasText: 'every weekday at 08:00 (Europe/London)' });
  await expect(changed.getByTestId('schedule-does')).toHaveText("Asks: “review yesterday's calls covering vulnerable customers”");
  await expect(changed).toContainText('1 run'); // its history stays
  // Its name said the old schedule: it says the new one.
  await expect(changed).toHaveAttribute('data-job-name', /, every weekday at 08:00$/);
});
