import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { SEEDED, trpc } from './trpc';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
type Rel = { n_success: number; n_failures: number };
type Report = { status: string; skills: Array<{ all_time: Rel; trend: Rel[] }> };
type Lineage = { status: string; runs: Array<{ workflow_id: string; version: string; runs: Array<{ run_id: string; status: string }> }> };

const skillCard = (uri: string) => `/skills?skill=${encodeURIComponent(uri)}`;

test('after a run of the standard workflow, whisper-transcribe shows its success, rates and a non-empty sparkline', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.compliance, '/skills');
  // Other specs share this console and may have run Whisper (or made it fail): count from here.
  const whisper = async () => (await trpc<Report>(page.request, 'graph.reliability', { skill: WHISPER }, 'query')).skills[0]!.all_time;
  const before = await whisper();
  const started = await trpc(
    page.request,
    'runs.start',
    {
      path: 'workflows/standard-advice-call-analysis.json',
      input: { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' },
    },
    'mutation',
  );
  expect(started).toMatchObject({ status: 'ok' });
  const runId = started.run_id as string;
  await expect
    .poll(
      async () =>
        ((await trpc(page.request, 'runs.get', { run_id: runId, include_events: false }, 'query')).run as { status: string }).status,
      { timeout: 60_000 },
    )
    .toBe('SUCCEEDED');

  // The consolidation job moves the run's episode into the knowledge graph every 2 s.
  const runsOfStandard = async () => {
    const l = await trpc<Lineage>(page.request, 'graph.lineage', { workflow_id: SEEDED.standard.id, runs_per_version: 100 }, 'query');
    return l.status === 'ok'
      ? (l.runs.find((r) => r.workflow_id === SEEDED.standard.id && r.version === SEEDED.standard.version)?.runs ?? [])
      : [];
  };
  await expect.poll(async () => (await runsOfStandard()).map((r) => r.run_id), { timeout: 30_000 }).toContain(runId);
  // The run used Whisper once, successfully: one more success, no new failure.
  const after = await whisper();
  expect(after).toMatchObject({ n_success: before.n_success + 1, n_failures: before.n_failures });
  const uses = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const expected = `${uses(after.n_success, 'success', 'successes')}, ${uses(after.n_failures, 'failure', 'failures')}`;
  const total = after.n_success + after.n_failures;

  await page.goto(skillCard(WHISPER));
  const detail = page.getByTestId('skill-detail');
  await expect(detail.getByRole('heading', { level: 2, name: 'whisper-transcribe' })).toBeVisible();
  const rel = detail.getByTestId('skill-reliability');
  await expect(rel.getByTestId('uses')).toHaveText(expected);
  await expect(rel.getByTestId('success-rate')).toHaveText(`${Math.round((after.n_success / total) * 1000) / 10}%`);
  await expect(rel.getByTestId('p95-latency')).toHaveText(/^\d+(\.\d)? m?s$/);
  const spark = rel.getByTestId('trend-sparkline');
  await expect(spark).toHaveAttribute('data-uses', String(total));
  await expect(spark).toHaveAttribute('aria-label', `Daily uses over the last 14 days: ${expected}`);
  expect(await spark.locator('rect[data-kind="success"]').count()).toBeGreaterThanOrEqual(1);
  if (after.n_failures === 0) await expect(rel.getByText('No failed uses recorded.')).toBeVisible();
  await expect(rel.getByTestId('skill-alternatives')).toContainText('skill://assemblyai-transcribe@1.2.0');
  await expect(rel.getByTestId('skill-used-by')).toContainText(SEEDED.standard.name);
  await rel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('skill-reliability') });

  // A workflow that uses it links to its version on the Graph page.
  await rel
    .getByTestId('skill-used-by')
    .getByRole('link', { name: /^Standard Advice Call Analysis v1\.0\.0$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/graph\\?workflow=${SEEDED.standard.id}&version=1\\.0\\.0`));
  await expect(page.getByTestId('graph-side-panel').getByRole('heading', { level: 2, name: SEEDED.standard.name })).toBeVisible();
});

test('a skill that has never run says so, and still lists the workflows that use it', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, skillCard('skill://gpt4o-diarize@1.0.0'));
  const rel = page.getByTestId('skill-detail').getByTestId('skill-reliability');
  await expect(rel.getByTestId('reliability-empty')).toHaveText('No runs yet: the knowledge graph has recorded no use of this skill.');
  await expect(rel.getByTestId('trend-sparkline')).toHaveCount(0);
  await expect(rel.getByTestId('skill-used-by')).toContainText(SEEDED.productCompliance.name);
});

test('with Whisper failing, runs swap to AssemblyAI; the health check proposes a patch version; a designer rejects it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Runs after the first test of this file (workers: 1, in file order): its Whisper counts are taken.
  await signIn(page, DEMO.admin, '/skills');
  const faults = await trpc(
    page.request,
    'skills.setDemoFaults',
    { faults: { 'whisper-transcribe': { failure_rate: 1 } }, replace: true, seed: 1 },
    'mutation',
  );
  expect(faults).toMatchObject({ status: 'ok', faults: { 'whisper-transcribe': { failure_rate: 1 } } });
  // The health check trusts a rate only after 5 uses of the skill and of its alternative (server/learning/health.ts MIN_USES).
  try {
    const runIds = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const started = await trpc(
          page.request,
          'runs.start',
          {
            path: 'workflows/standard-advice-call-analysis.json',
            input: { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' },
          },
          'mutation',
        );
        return started.run_id as string;
      }),
    );
    for (const runId of runIds) {
      await expect
        .poll(
          async () =>
            ((await trpc(page.request, 'runs.get', { run_id: runId, include_events: false }, 'query')).run as { status: string }).status,
          { timeout: 90_000 },
        )
        .toBe('SUCCEEDED');
    }
  } finally {
    expect(await trpc(page.request, 'skills.setDemoFaults', { faults: {}, replace: true }, 'mutation')).toMatchObject({
      status: 'ok',
      faults: {},
    });
  }
  // The consolidation job records Whisper's five failures (each run then swapped to AssemblyAI).
  await expect
    .poll(async () => (await trpc<Report>(page.request, 'graph.reliability', { skill: WHISPER }, 'query')).skills[0]!.all_time.n_failures, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(5);

  await page.context().clearCookies();
  await signIn(page, DEMO.designer, `/graph?workflow=${SEEDED.standard.id}&version=${SEEDED.standard.version}`);
  const panel = page.getByTestId('graph-side-panel');
  await panel.getByRole('button', { name: 'Run health check' }).click();
  await expect(panel.getByTestId('health-result')).toContainText('Needs attention');
  await expect(panel.getByTestId('health-proposal')).toContainText('Proposed version 1.0.1');
  const proposal = page.locator('[data-testid="proposal"][data-status="pending"]').first();
  await expect(proposal).toContainText('v1.0.0 → v1.0.1');
  await proposal.getByRole('button', { name: 'Reject' }).click();
  const decided = page.locator('[data-testid="proposal"][data-status="rejected"]').first();
  await expect(decided).toContainText(`rejected`);
  await expect(decided).toContainText(`by ${DEMO.designer.email}`);
  await expect(decided.getByRole('button', { name: /^(Accept|Reject)/ })).toHaveCount(0);
  await page.screenshot({ path: shot('graph-proposal-rejected') });
});
