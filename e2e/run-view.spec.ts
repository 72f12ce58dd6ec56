import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { node } from './editor-helpers';
import { trpc } from './trpc';

/** A Task bound to a built-in skill (skills/builtin.*.json) with the given parameters. */
const task = (skill: 'echo' | 'fail' | 'sleep', parameters: Record<string, unknown>, rest: Record<string, unknown>) => ({
  Type: 'Task',
  AgentBinding: { agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: [`skill://builtin.${skill}@1.0.0`] },
  Parameters: parameters,
  ...rest,
});
const workflow = (name: string, states: Record<string, unknown>, startAt: string) => ({
  workflow_schema_version: '2.2.0',
  workflow_id: crypto.randomUUID(),
  workflow_name: name,
  version: '1.0.0',
  skill_imports: ['echo', 'fail', 'sleep'].map((s) => ({ uri: `file://skills/builtin.${s}.json` })),
  asl: { StartAt: startAt, States: states },
});

async function startRun(page: Page, doc: unknown, input: unknown = {}): Promise<string> {
  const r = await trpc<{ status: string; run_id: string; error?: string }>(
    page.request,
    'runs.start',
    { workflow: doc, input },
    'mutation',
  );
  expect(r, r.error).toMatchObject({ status: 'ok' });
  return r.run_id;
}

const runStatus = (page: Page) => page.getByTestId('run-header');

test('an injected Whisper failure shows the retry and the swap to AssemblyAI on the graph and in the state panel', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin, '/runs');
  await trpc(page.request, 'skills.setDemoFaults', { faults: { 'whisper-transcribe': { failure_rate: 1 } }, replace: true }, 'mutation');
  try {
    const started = await trpc<{ run_id: string }>(
      page.request,
      'runs.start',
      {
        path: 'workflows/standard-advice-call-analysis.json',
        input: { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' },
      },
      'mutation',
    );
    await page.goto(`/runs/${started.run_id}`);
    await expect(runStatus(page)).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 60_000 });
    const transcribe = node(page, 'TranscribeRecording');
    await expect(transcribe).toHaveAttribute('data-status', 'done');
    await expect(transcribe.getByTestId('state-attempts')).toHaveText('2 attempts');
    await expect(transcribe.getByTestId('state-last-error')).toContainText('swapped → assemblyai-transcribe');
    await transcribe.click();
    const panel = page.getByTestId('state-panel');
    await expect(panel.getByTestId('instance-swap')).toContainText('whisper-transcribe@1.0.0 → assemblyai-transcribe');
    await expect(panel.getByTestId('instance-error')).toContainText('Recovered from: SkillError');
    await expect(panel.getByTestId('instance-skill')).toContainText('Ran assemblyai-transcribe');
    await expect(panel.getByRole('region', { name: /Effective input of TranscribeRecording/ })).toContainText('recording_uri');
    await expect(panel.getByRole('region', { name: /Data-plane output of TranscribeRecording/ })).toContainText('"ok": true');
    await page.screenshot({ path: shot('run-view-swap') });
    // The timeline has a bar per state, the swapped one marked with its two attempts.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expect(page.locator('[data-testid="timeline-row"][data-instance="TranscribeRecording"]')).toContainText('×2');
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByTestId('run-events')).toContainText(
      'TranscribeRecording: swapped skill://whisper-transcribe@1.0.0 → skill://assemblyai-transcribe',
    );
  } finally {
    await trpc(page.request, 'skills.setDemoFaults', { faults: {}, replace: true }, 'mutation');
  }
});

test('an ASL Retry is visible live: the state goes running → failed attempt → done, with its attempts and the error it recovered from', async ({
  page,
}) => {
  await signIn(page, DEMO.designer, '/runs');
  const doc = workflow(
    'Retry once',
    {
      Flaky: task(
        'fail',
        { error: 'Flaky', cause: 'first try fails', times: 1 },
        { Retry: [{ ErrorEquals: ['Flaky'], IntervalSeconds: 1, MaxAttempts: 2 }], Next: 'Done' },
      ),
      Done: { Type: 'Succeed' },
    },
    'Flaky',
  );
  const runId = await startRun(page, doc);
  await page.goto(`/runs/${runId}`);
  await expect(runStatus(page)).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 30_000 });
  await expect(node(page, 'Flaky').getByTestId('state-attempts')).toHaveText('2 attempts');
  await node(page, 'Flaky').click();
  await expect(page.getByTestId('instance-error')).toContainText('Recovered from: Flaky: first try fails');
  await expect(page.getByTestId('instance-details').getByRole('list', { name: 'Events of Flaky' })).toContainText('retry in');
});

test('redrive re-runs only the failed state: the states that were done keep their one attempt', async ({ page }) => {
  await signIn(page, DEMO.compliance, '/runs');
  const doc = workflow(
    'Redrive me',
    {
      Prepare: task('echo', { 'message.$': '$.note' }, { ResultPath: '$.prepared', Next: 'Fragile' }),
      Fragile: task('fail', { error: 'Broken', cause: 'fails once, no Retry', times: 1 }, { ResultPath: '$.fragile', Next: 'Done' }),
      Done: { Type: 'Succeed' },
    },
    'Prepare',
  );
  const runId = await startRun(page, doc, { note: 'hello' });
  await page.goto(`/runs/${runId}`);
  await expect(runStatus(page)).toHaveAttribute('data-status', 'FAILED', { timeout: 30_000 });
  await expect(page.getByTestId('run-error')).toContainText('Broken: fails once, no Retry');
  await expect(node(page, 'Fragile')).toHaveAttribute('data-status', 'failed');
  await expect(node(page, 'Prepare').getByTestId('state-attempts')).toHaveText('1 attempt');

  await page.getByRole('button', { name: 'Redrive from failed states' }).click();
  // The view follows the redriven run live: back to running, then to the end.
  await expect(runStatus(page)).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 30_000 });
  await expect(node(page, 'Fragile')).toHaveAttribute('data-status', 'done');
  await expect(node(page, 'Fragile').getByTestId('state-attempts')).toHaveText('2 attempts');
  await expect(node(page, 'Prepare').getByTestId('state-attempts')).toHaveText('1 attempt');
  await expect(page.getByText('redriven 1×')).toBeVisible();
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByTestId('run-events')).toContainText('redrive #1: Fragile');
  await page.screenshot({ path: shot('run-view-redriven') });
});

test('retry a failed state from its panel; stakeholders watch but get no actions', async ({ page, browser }) => {
  await signIn(page, DEMO.designer, '/runs');
  const doc = workflow('Retry a state', { Once: task('fail', { error: 'Boom', cause: 'first attempt', times: 1 }, { End: true }) }, 'Once');
  const runId = await startRun(page, doc);

  const watcher = await browser.newPage();
  await signIn(watcher, DEMO.stakeholder, `/runs/${runId}`);
  await expect(watcher.getByTestId('run-header')).toHaveAttribute('data-status', 'FAILED', { timeout: 30_000 });
  await expect(watcher.getByTestId('run-actions')).toHaveCount(0);
  await node(watcher, 'Once').click();
  await expect(watcher.getByRole('button', { name: 'Retry this state' })).toHaveCount(0);

  await page.goto(`/runs/${runId}`);
  await node(page, 'Once').click();
  await page.getByRole('button', { name: 'Retry this state' }).click();
  await expect(runStatus(page)).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 30_000 });
  // The stakeholder's view followed live, without a reload.
  await expect(watcher.getByTestId('run-header')).toHaveAttribute('data-status', 'SUCCEEDED');
  await watcher.close();
});
