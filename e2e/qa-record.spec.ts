import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO, shot, signIn } from './helpers';
import { SEEDED, trpc } from './trpc';

test.describe.configure({ mode: 'serial' });

/**
 * Issue 28 as a compliance manager lives it, on runs of the saved all-calls workflow (an advisor no other spec
 * analyses, so the records here are this spec's alone): overriding every failed mandatory rule of a call gives it
 * reviewed figures, and the queue, its filter, the dashboard, the CSV and the PDF all show them, the AI's beside;
 * after the four-eyes sign-off, a new analysis of the call leaves the signed review standing, shows where it
 * differs, and the reviewer keeps the signed review.
 */
const PERIOD = { start_date: '2024-06-01', end_date: '2024-07-07' };
const ADVISOR = 'Fatima Khan';
const INPUT = { advisor_name: ADVISOR, ...PERIOD };
const DASH = { advisor: ADVISOR, from: PERIOD.start_date, to: PERIOD.end_date };

type Item = {
  qa_result_id: string;
  call_id: string;
  score: number | null;
  ai_score: number | null;
  failed_mandatory: number;
  score_source: string;
};
type Verdict = { rule_id: string; verdict: string; mandatory: boolean };
type Detail = { qa_result: Item & { verdicts: Verdict[]; max_score: number | null } };

async function analyse(request: APIRequestContext): Promise<string> {
  const { run_id: runId } = await trpc<{ run_id: string }>(
    request,
    'runs.start',
    { workflow_id: SEEDED.allCalls.id, input: INPUT },
    'mutation',
  );
  const status = async () =>
    (await trpc<{ run: { status: string } }>(request, 'runs.get', { run_id: runId, include_events: false }, 'query')).run.status;
  await expect.poll(status, { timeout: 150_000 }).toBe('SUCCEEDED');
  // Every analysis of the run, record or not (a signed-off call keeps its earlier record).
  const stored = async () =>
    (await trpc<{ total: number }>(request, 'qa.list', { filter: { run_id: runId, include_earlier: true } }, 'query')).total;
  await expect.poll(stored, { timeout: 30_000 }).toBeGreaterThan(0);
  return runId;
}

const failedMandatoryCalls = async (request: APIRequestContext) =>
  (await trpc<{ failed_mandatory_calls: number }>(request, 'dashboard.compliance', DASH, 'query')).failed_mandatory_calls;
const detailOf = (request: APIRequestContext, id: string) => trpc<Detail>(request, 'qa.get', { qa_result_id: id }, 'query');
const row = (page: Page, id: string) => page.locator(`[data-testid="qa-row"][data-qa-result-id="${id}"]`);

let qaResultId = '';
let firstRun = '';
let overridden: string[] = [];

test('an override gives reviewed figures that the queue, the dashboard, the CSV and the PDF all show', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.compliance, '/qa');
  firstRun = await analyse(page.request);
  const failing = await trpc<{ items: Item[] }>(page.request, 'qa.list', { filter: { run_id: firstRun, failed_mandatory: true } }, 'query');
  expect(failing.items.length, `${ADVISOR} has a call that failed a mandatory rule`).toBeGreaterThan(0);
  const call = failing.items[0]!;
  qaResultId = call.qa_result_id;
  const dashBefore = await failedMandatoryCalls(page.request);
  const mandatory = (await detailOf(page.request, qaResultId)).qa_result.verdicts.filter((v) => v.mandatory && v.verdict === 'fail');
  overridden = mandatory.map((v) => v.rule_id);

  // The first override through the page, as a reviewer makes it; the others through the same procedure.
  await page.goto(`/qa/${qaResultId}`);
  const [first, ...rest] = overridden;
  const verdict = page.locator(`[data-testid="verdict"][data-rule-id="${first}"]`);
  await verdict.getByRole('button', { name: `Override the AI on ${first}` }).click();
  const form = page.getByRole('form', { name: `Override ${first}` });
  await form.getByRole('radio', { name: 'Pass' }).check();
  await form.getByLabel('Reason (required)').fill('The disclosure was read out at the start of the call.');
  await form.getByRole('button', { name: 'Save override' }).click();
  await expect(verdict.getByTestId('rule-decision')).toContainText('Overridden to Pass');
  for (const rule of rest) {
    const review = {
      qa_result_id: qaResultId,
      action: 'rule',
      rule_id: rule,
      decision: 'override',
      verdict: 'pass',
      reason: 'Given in the call.',
    };
    expect(await trpc<{ status: string }>(page.request, 'qa.review', { review }, 'mutation')).toMatchObject({ status: 'ok' });
  }

  // The call page: the reviewed score first, the AI's beside it.
  const reviewed = (await detailOf(page.request, qaResultId)).qa_result;
  expect(reviewed).toMatchObject({ failed_mandatory: 0, ai_score: call.ai_score });
  await page.reload();
  const scoreText = String(reviewed.score);
  if (reviewed.score_source === 'review') {
    await expect(page.getByTestId('reviewed-score')).toContainText(scoreText);
    await expect(page.getByTestId('reviewed-score-from')).toContainText(
      'The queue, the dashboard and the exports count the reviewed score',
    );
  }
  await expect(page.getByTestId('ai-score')).toContainText(String(call.ai_score));
  await page.screenshot({ path: shot('qa-record-reviewed-score') });

  // The queue: the reviewed figures, labelled, and the failed-mandatory filter no longer finds the call.
  await page.goto(`/qa?run_id=${firstRun}`);
  await expect(page.getByTestId('qa-results')).toHaveAttribute('aria-busy', 'false');
  await expect(row(page, qaResultId).getByTestId('qa-row-score')).toHaveText(scoreText);
  await expect(row(page, qaResultId).getByTestId('qa-row-failed-mandatory')).toHaveText('0');
  await expect(row(page, qaResultId)).toContainText(`reviewed · AI ${call.failed_mandatory}`);
  await page.screenshot({ path: shot('qa-record-queue') });
  await page.goto(`/qa?run_id=${firstRun}&failed_mandatory=true`);
  await expect(page.getByTestId('qa-results')).toHaveAttribute('aria-busy', 'false');
  await expect(row(page, qaResultId)).toHaveCount(0);

  // The dashboard counts one call fewer that failed a mandatory rule — on the page as in the server's figures.
  expect(await failedMandatoryCalls(page.request)).toBe(dashBefore - 1);
  await page.goto(`/dashboard?advisor=${encodeURIComponent(ADVISOR)}&from=${PERIOD.start_date}&to=${PERIOD.end_date}`);
  await expect(page.getByTestId('headline-failed-mandatory').getByTestId('stat-value')).toHaveText(String(dashBefore - 1));

  // The CSV of the run's queue: the reviewed figures, the AI's beside them.
  await page.goto(`/qa?run_id=${firstRun}`);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qa-export-csv').click()]);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(','));
  const header = lines[0]!;
  const cells = lines.find((l) => l[0] === call.call_id)!;
  const col = (name: string) => cells[header.indexOf(name)];
  expect(col('Failed mandatory rules')).toBe('0');
  expect(col('AI failed mandatory rules')).toBe(String(call.failed_mandatory));
  expect(col('Score')).toBe(scoreText);
  expect(col('AI score')).toBe(String(call.ai_score));

  // The evidence pack.
  await page.goto(`/qa/${qaResultId}`);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qa-evidence-pack').click()]);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(readFileSync((await pdf.path())!))), { mergePages: true });
  expect(text).toContain(`Failed mandatory rules 0 as reviewed (the AI: ${call.failed_mandatory})`);
  if (reviewed.score_source === 'review') expect(text).toMatch(new RegExp(`Score \\(reviewed\\)\\s*${scoreText}`));
});

test('a signed-off review stands when the call is analysed again; the reviewer keeps it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  expect(qaResultId, 'the test above reviewed a call').not.toBe('');
  await signIn(page, DEMO.compliance, `/qa/${qaResultId}`);
  await page.getByRole('button', { name: 'Sign off', exact: true }).click();
  await expect(page.getByTestId('review-status')).toHaveText('Awaiting second sign-off');
  const admin = await browser.newContext();
  const second = await admin.newPage();
  await signIn(second, DEMO.admin, `/qa/${qaResultId}`);
  await second.getByRole('button', { name: 'Sign off as second reviewer' }).click();
  await expect(second.getByTestId('review-status')).toHaveText('Signed off');
  await admin.close();
  const signed = (await detailOf(page.request, qaResultId)).qa_result;

  // The same advisor and period analysed again.
  await analyse(page.request);
  await page.goto('/qa?reanalysed_after_signoff=true');
  await expect(page.getByTestId('qa-results')).toHaveAttribute('aria-busy', 'false');
  await expect(row(page, qaResultId)).toHaveAttribute('data-status', 'signed_off');
  await expect(row(page, qaResultId)).toContainText('Re-analysed after sign-off');
  await expect(row(page, qaResultId).getByTestId('qa-row-score')).toHaveText(String(signed.score));
  await page.screenshot({ path: shot('qa-record-reanalysed-queue') });

  // The call page shows what differs: the overridden rules fail again in the new AI analysis.
  await row(page, qaResultId).getByRole('link').click();
  const panel = page.getByTestId('reanalysis-panel');
  await expect(panel).toBeVisible();
  for (const rule of overridden) await expect(panel.getByTestId('reanalysis-differences')).toContainText(rule);
  await expect(page.getByTestId('review-status')).toHaveText('Signed off');
  await page.screenshot({ path: shot('qa-record-reanalysis-panel'), fullPage: true });
  await panel.getByTestId('reanalysis-reason').fill('The new analysis repeats the transcription gap the reviewers corrected.');
  await panel.getByRole('button', { name: 'Keep the signed review' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('review-status')).toHaveText('Signed off');
  const history = page.getByTestId('review-history');
  await expect(history).toContainText('Kept the signed review');
  // Still the call's record everywhere.
  expect((await detailOf(page.request, qaResultId)).qa_result).toMatchObject({ latest: true, score: signed.score, failed_mandatory: 0 });
});
