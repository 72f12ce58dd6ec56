import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoAxeViolations } from './axe';
import { DEMO, shot, signIn } from './helpers';
import { SEEDED, trpc } from './trpc';

// The stakeholder test reads what the review test stored: run them in order, in one worker.
test.describe.configure({ mode: 'serial' });

/**
 * QA review (issue 13): a run of a QA workflow ends, the console's consolidation job stores one QA
 * result per call, and the calls appear on /qa. A compliance manager triages them, follows a
 * verdict to its evidence in the transcript, overrides a mandatory rule, and signs off; an admin
 * gives the second sign-off the override needs. A stakeholder reads, with no review controls.
 */
const ALEX_WEEK = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' };

type Verdict = {
  rule_id: string;
  verdict: string;
  mandatory: boolean;
  evidence: { quote: string; start: number; turn: number; start_s: number | null } | null;
};

/** Runs the all-calls workflow over Alex Wong's week and waits until the QA store holds its calls; returns the run id. */
async function analyseAlexWeek(request: APIRequestContext): Promise<string> {
  const start = { workflow_id: SEEDED.allCalls.id, input: ALEX_WEEK };
  const { run_id: runId } = await trpc<{ run_id: string }>(request, 'runs.start', start, 'mutation');
  type Run = { run: { status: string } };
  const runStatus = async () => (await trpc<Run>(request, 'runs.get', { run_id: runId, include_events: false }, 'query')).run.status;
  await expect.poll(runStatus, { timeout: 120_000 }).toBe('SUCCEEDED');
  // The console's consolidation job stores the run's QA results a few seconds after it ends.
  const stored = async () => (await trpc<{ total: number }>(request, 'qa.list', { filter: { run_id: runId } }, 'query')).total;
  await expect.poll(stored, { timeout: 30_000 }).toBeGreaterThan(0);
  return runId;
}

/** The verdicts of one QA result, as the server has them. */
async function verdictsOf(request: APIRequestContext, qaResultId: string): Promise<Verdict[]> {
  return (await trpc<{ qa_result: { verdicts: Verdict[] } }>(request, 'qa.get', { qa_result_id: qaResultId }, 'query')).qa_result.verdicts;
}

const status = (page: Page) => page.getByTestId('review-status');

const FLOW = 'a compliance manager triages the queue, follows evidence, overrides a mandatory rule; an admin gives the second sign-off';

test(FLOW, async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.compliance, '/qa');
  const runId = await analyseAlexWeek(page.request);

  // The queue, narrowed to this run by its link, then triaged in the page: failed mandatory + advisor.
  await page.goto(`/qa?run_id=${runId}`);
  await expect(page.getByTestId('qa-clock-note')).toContainText('Call dates are from the recordings');
  await expect(page.getByTestId('qa-clock-note')).toContainText('8 Jul 2024');
  await page.getByTestId('qa-filter-failed-mandatory').selectOption({ label: 'Failed at least one' });
  await page.getByTestId('qa-filter-advisor').selectOption({ label: 'Alex Wong' });
  await expect(page).toHaveURL(/failed_mandatory=true/);
  await expect(page).toHaveURL(/advisor=Alex\+Wong/);
  await expect(page).toHaveURL(new RegExp(`run_id=${runId}`));
  const rows = page.getByTestId('qa-row');
  await expect(page.getByTestId('qa-results')).toHaveAttribute('aria-busy', 'false'); // the rows of the last filter, not the one before
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('qa-mean')).toHaveText(/^Mean score \d+(\.\d)? over \d+ calls?$/);
  for (const row of await rows.all()) await expect(row).toContainText('Alex Wong');
  await page.screenshot({ path: shot('qa-queue-triaged') });

  // "Score below" refuses what is no score (over the scorecards' maximum, negative) and applies a score once typing pauses.
  const scoreBelow = page.getByTestId('qa-filter-score-below');
  for (const typed of ['150', '-5']) {
    await scoreBelow.fill(typed);
    await expect(scoreBelow).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#qa-score-below-error')).toHaveText(/^A score from 0 to \d+/);
    await page.waitForTimeout(600); // longer than the box's pause: nothing is applied
    await expect(page).not.toHaveURL(/score_below=/);
  }
  await scoreBelow.fill('100');
  await expect(scoreBelow).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/score_below=100/);
  await scoreBelow.fill('');
  await expect(page).not.toHaveURL(/score_below=/);

  // Open a call (the row is the link); back returns to the same triage view.
  const first = rows.first();
  const qaResultId = (await first.getAttribute('data-qa-result-id'))!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/qa/${qaResultId}`));
  await page.goBack();
  await expect(page).toHaveURL(/failed_mandatory=true/);
  await expect(page.getByTestId('qa-filter-advisor')).toHaveValue('Alex Wong');
  await page.locator(`[data-testid="qa-row"][data-qa-result-id="${qaResultId}"]`).getByRole('link').click();
  await expect(page.getByTestId('qa-detail')).toBeVisible();

  // A failed mandatory verdict with evidence: clicking it highlights exactly its quote in the transcript.
  const verdicts = await verdictsOf(page.request, qaResultId);
  const target = verdicts.find((v) => v.verdict === 'fail' && v.mandatory && v.evidence)!;
  expect(target, 'a failed mandatory rule that quotes the call').toBeTruthy();
  const verdict = page.locator(`[data-testid="verdict"][data-rule-id="${target.rule_id}"]`);
  await verdict.getByRole('button', { name: /Show in transcript/ }).click();
  const highlighted = page.locator('[data-evidence-selected="true"]');
  await expect(highlighted.first()).toBeInViewport();
  expect((await highlighted.allTextContents()).join('')).toBe(target.evidence!.quote);
  await expect(verdict).toHaveAttribute('data-selected', 'true');
  await page.screenshot({ path: shot('qa-evidence-highlighted') });

  // The call's recording (issue 34), rendered on its first request: a turn's time plays the call from there and the
  // turn heard is marked; Space pauses, the arrows seek, a click on the waveform seeks; a verdict's evidence plays its moment.
  await expect(page.getByTestId('call-play')).toBeEnabled({ timeout: 90_000 });
  const audio = page.getByTestId('call-audio');
  const position = () => audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  const paused = () => audio.evaluate((a: HTMLAudioElement) => a.paused);
  type Turns = { qa_result: { transcript: { turns: Array<{ start_s: number }> } } };
  const turnTimes = (await trpc<Turns>(page.request, 'qa.get', { qa_result_id: qaResultId }, 'query')).qa_result.transcript.turns;
  const third = page.getByTestId('transcript-turn').nth(2);
  await third.getByTestId('turn-play').click();
  await expect.poll(paused).toBe(false);
  await expect.poll(position).toBeGreaterThan(turnTimes[2]!.start_s + 0.2); // it plays on from the turn's start
  await expect(third).toHaveAttribute('aria-current', 'true');
  const waveform = page.getByTestId('call-waveform');
  await waveform.focus();
  await page.keyboard.press('Space');
  await expect.poll(paused).toBe(true);
  const at = await position();
  await page.keyboard.press('ArrowRight');
  await expect.poll(position).toBeCloseTo(at + 5, 1);
  const box = (await waveform.boundingBox())!;
  await waveform.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
  const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  await expect.poll(position).toBeGreaterThan(duration * 0.7);
  await page.screenshot({ path: shot('qa-call-player') });
  await verdict.getByRole('button', { name: /Show in transcript/ }).click();
  await expect.poll(paused).toBe(false);
  const heard = page.locator(`[data-testid="transcript-turn"][data-turn="${target.evidence!.turn}"]`);
  await expect(heard).toHaveAttribute('aria-current', 'true');
  expect(await position()).toBeGreaterThanOrEqual(target.evidence!.start_s!);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());

  // The reverse: the quoted text in the transcript selects (and focuses) the verdicts quoting it.
  const other = verdicts.find((v) => v.evidence && v.evidence.start !== target.evidence!.start)!;
  const otherVerdict = page.locator(`[data-testid="verdict"][data-rule-id="${other.rule_id}"]`);
  await otherVerdict.getByRole('button', { name: /Show in transcript/ }).click();
  await expect(verdict).not.toHaveAttribute('data-selected', 'true');
  await page.locator(`[data-evidence-ids~="rule:${target.rule_id}"]`).first().click();
  await expect(verdict).toHaveAttribute('data-selected', 'true');
  await expect(verdict).toBeFocused();

  // Override the mandatory rule with a reason, then sign off: a second reviewer is needed.
  await verdict.getByRole('button', { name: `Override the AI on ${target.rule_id}` }).click();
  const form = page.getByRole('form', { name: `Override ${target.rule_id}` });
  await form.getByRole('radio', { name: 'Pass' }).check();
  await form.getByLabel('Reason (required)').fill('The advisor gave this in the follow-up email, which the recording cannot show.');
  await expect(form).toContainText('second reviewer must sign');
  await form.getByRole('button', { name: 'Save override' }).click();
  await expect(verdict.getByTestId('rule-decision')).toContainText('Overridden to Pass');
  await expect(verdict).toContainText('AI: Fail'); // the AI's verdict stays beside the reviewer's
  await expect(page.getByTestId('four-eyes')).toBeVisible();
  await page.getByRole('button', { name: 'Sign off', exact: true }).click();
  await expect(status(page)).toHaveAttribute('data-status', 'awaiting_second_signoff');
  await expect(status(page)).toHaveText('Awaiting second sign-off');
  await expect(page.getByTestId('four-eyes')).toContainText(`Signed first by ${DEMO.compliance.email}`);
  await expect(page.getByTestId('sign-off-blocked')).toContainText('Another compliance manager or admin must give the second sign-off');
  await page.getByTestId('review-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('qa-review-awaiting-second') });

  // A second reviewer (the admin) signs off: the review is done.
  const admin = await browser.newContext();
  const second = await admin.newPage();
  await signIn(second, DEMO.admin, `/qa/${qaResultId}`);
  await expect(status(second)).toHaveText('Awaiting second sign-off');
  await second.getByRole('button', { name: 'Sign off as second reviewer' }).click();
  await expect(status(second)).toHaveText('Signed off');
  await expect(status(second)).toHaveAttribute('data-status', 'signed_off');
  const history = second.getByTestId('review-history');
  await expect(history.getByTestId('review-action')).toHaveCount(3);
  await expect(history).toContainText(`Overrode ${target.rule_id} (mandatory): Fail → Pass`);
  await expect(history).toContainText(DEMO.admin.email);
  await second.screenshot({ path: shot('qa-review-signed-off'), fullPage: true });
  await admin.close();

  // The queue shows the new status.
  await page.goto(`/qa?run_id=${runId}&review_status=signed_off`);
  await expect(page.getByTestId('qa-results')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator(`[data-testid="qa-row"][data-qa-result-id="${qaResultId}"]`)).toHaveAttribute('data-status', 'signed_off');

  // Exports: the filtered queue as CSV, and this call's evidence pack as PDF.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qa-export-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/^qa-queue-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = readFileSync((await csv.path())!, 'utf8');
  const csvLines = csvText
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csvLines).toHaveLength(2);
  expect(csvLines[1]).toContain('signed_off');
  expect(csvLines[1]).toContain('Alex Wong');
  await page.goto(`/qa/${qaResultId}`);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qa-evidence-pack').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^evidence-REC-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain(target.rule_id);
  expect(text).toContain(DEMO.admin.email);
  // The PDF wraps the long hash onto its own line.
  expect(text).toMatch(/Audit chain head at export: entry #\d+,\s+sha256:[0-9a-f]{64}/);
});

test('a stakeholder reads the queue and a call, with no review controls', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.stakeholder, '/qa');
  await expect(page.getByTestId('role-notice')).toContainText('read-only');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'QA review' })).toBeVisible();
  const list = await trpc<{ items: Array<{ qa_result_id: string }> }>(page.request, 'qa.list', { limit: 1 }, 'query');
  expect(list.items.length, 'the review test above stored QA results').toBeGreaterThan(0);
  await page.goto(`/qa/${list.items[0]!.qa_result_id}`);
  await expect(page.getByTestId('qa-detail')).toBeVisible();
  await expect(page.getByTestId('verdict').first()).toBeVisible();
  await expect(page.getByTestId('review-read-only')).toBeVisible();
  for (const name of [/^Sign off/, /^Agree/, /^Override/, 'Add comment']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByTestId('rule-review')).toHaveCount(0);
  // The server refuses the review too, whatever the page shows.
  const review = { qa_result_id: list.items[0]!.qa_result_id, action: 'sign_off' };
  const res = await page.request.post('/api/trpc/qa.review', { data: { json: { review } } });
  expect(res.status()).toBe(403);
  // Calibration is not theirs: no link, a notice, and the server refuses.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calibration' })).toHaveCount(0);
  await page.goto('/calibration');
  await expect(page.getByTestId('role-notice')).toContainText('compliance managers and admins');
  await page.screenshot({ path: shot('calibration-stakeholder') });
  expect((await page.request.get('/api/trpc/calibration.list?input=%7B%22json%22%3A%7B%7D%7D')).status()).toBe(403);
});

/** Answers every rule of the call on screen: pass, except `fail` (with its reason); waits for each save. */
async function answerCall(page: Page, fail: string | null) {
  for (const rule of await page.getByTestId('blind-rule').all()) {
    const id = (await rule.getAttribute('data-rule-id'))!;
    // As a reviewer does it: Fail first, then why; the fail waits for its reason and is saved when the field is left.
    await rule.getByRole('radio', { name: id === fail ? 'Fail' : 'Pass' }).check();
    if (id === fail) {
      await expect(rule.getByTestId('fail-needs-reason')).toBeVisible();
      await rule.getByRole('textbox').fill('The warning was not read out.');
      await rule.getByRole('textbox').blur();
      await expect(rule.getByTestId('fail-needs-reason')).toHaveCount(0);
    }
    await expect(rule.getByRole('radio', { name: id === fail ? 'Fail' : 'Pass' })).toBeEnabled();
    await expect(rule.getByRole('radio', { name: id === fail ? 'Fail' : 'Pass' })).toBeChecked();
  }
}

/** The blind review on screen: the transcript and the rules, never the AI's verdicts. */
async function expectBlind(page: Page) {
  const review = page.getByTestId('blind-review');
  await expect(page.getByTestId('blind-transcript')).toBeVisible();
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  await expect(review.locator('[data-evidence-ids]')).toHaveCount(0); // no quote is marked as the AI's evidence
  await expect(review).not.toContainText(/AI: (Pass|Fail|Not applicable)/);
}

/** Submits the review on screen and waits for the session to say so. */
async function submitReview(page: Page, who: string) {
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByTestId('calibration-progress')).toContainText(`${who} submitted`);
}

test('calibration: a lead samples 3 calls for 2 reviewers, each reviews blind, the agreement and a note reach the call review', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.compliance, '/calibration');
  const form = page.getByTestId('calibration-create');
  await form.getByLabel('Name').fill('E2E calibration');
  await form.getByLabel('Reviews due').fill('2026-12-04');
  await form.getByLabel('Advisor').selectOption('Alex Wong');
  await form.getByLabel('Choose').selectOption('newest');
  await form.getByLabel('How many calls').fill('3');
  await form.getByLabel(new RegExp(DEMO.compliance.name)).check();
  await form.getByLabel(new RegExp(DEMO.admin.name)).check();
  await page.screenshot({ path: shot('calibration-create') });
  // Issue 34: axe on every page — the calibration pages too (the list with its form, the blind review, the results).
  await expectNoAxeViolations(page, '/calibration as a compliance manager');
  await form.getByRole('button', { name: 'Create session' }).click();
  await expect(page).toHaveURL(/\/calibration\/[0-9a-f-]{36}$/);
  const sessionId = page.url().split('/').pop()!;
  const first = page.getByTestId('blind-rule').first();
  const ruleId = (await first.getAttribute('data-rule-id'))!;
  // The lead is also a reviewer: every rule of the 3 calls in the page, failing the first rule on the first call.
  await expectBlind(page);
  // The call's recording plays on the blind page too: a turn's time plays from there and the turn heard is marked.
  await expect(page.getByTestId('call-play')).toBeEnabled({ timeout: 90_000 });
  const audio = page.getByTestId('call-audio');
  const second = page.getByTestId('transcript-turn').nth(1);
  await second.getByTestId('turn-play').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0)).toBe(true);
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expectBlind(page);
  await page.screenshot({ path: shot('calibration-blind-review') });
  await expectNoAxeViolations(page, 'a blind calibration review as a compliance manager');
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
  for (let call = 0; call < 3; call++) {
    await answerCall(page, call === 0 ? ruleId : null);
    if (call < 2) await page.getByRole('button', { name: 'Next call' }).click();
  }
  await submitReview(page, DEMO.compliance.email);
  await expect(page.getByTestId('calibration-progress')).toContainText(`${DEMO.admin.email} not yet submitted`);
  await expect(page.getByTestId('calibration-results')).toHaveCount(0);

  const other = await (await browser.newContext()).newPage();
  await signIn(other, DEMO.admin, `/calibration/${sessionId}`);
  await expectBlind(other);
  // The second reviewer passes everything: saved in one call (the page's save, tested above), submitted in the page.
  type Blind = { review: { calls: Array<{ qa_result_id: string }>; rules: Array<{ rule_id: string }> } };
  const blind = await trpc<Blind>(other.request, 'calibration.review', { session_id: sessionId }, 'query');
  const answers = blind.review.calls.flatMap((c) =>
    blind.review.rules.map((r) => ({ qa_result_id: c.qa_result_id, rule_id: r.rule_id, answer: 'pass' })),
  );
  await trpc(other.request, 'calibration.saveAnswers', { session_id: sessionId, answers }, 'mutation');
  await other.reload();
  await submitReview(other, DEMO.admin.email);

  // Both submitted: the lead sees the agreement, the split rule first, and notes it.
  await page.reload();
  await page.getByRole('tab', { name: 'Results' }).click();
  const results = page.getByTestId('calibration-results');
  await expect(results.getByTestId('agreement-overall')).toContainText(/n = \d+/);
  const row = results.locator(`[data-testid="agreement-rule"][data-rule-id="${ruleId}"]`);
  await expect(row).toContainText('66.7%');
  await expect(row).toContainText('thin (under 10)');
  await expect(results.getByTestId('disagreement-call').first()).toContainText('split on 1 rule');
  await page.screenshot({ path: shot('calibration-results'), fullPage: true });
  await expectNoAxeViolations(page, "a calibration session's results as a compliance manager");
  await row.getByLabel(`Calibration note on ${ruleId}`).fill('Read the warning before the product: agreed by the team.');
  await row.getByRole('button', { name: 'Add note' }).click();
  await expect(row.getByTestId('calibration-note')).toContainText('agreed by the team');

  // The note shows beside the rule in the call review, with the session it came from.
  const mine = await trpc<{ review: { calls: Array<{ qa_result_id: string }> } }>(
    page.request,
    'calibration.review',
    { session_id: sessionId },
    'query',
  );
  await page.goto(`/qa/${mine.review.calls[0]!.qa_result_id}`);
  const verdict = page.locator(`[data-testid="verdict"][data-rule-id="${ruleId}"]`);
  await expect(verdict.getByTestId('rule-calibration-notes')).toContainText('agreed by the team');
  await expect(verdict.getByTestId('rule-calibration-notes')).toContainText('E2E calibration');
  await verdict.screenshot({ path: shot('calibration-note-on-call') });
  await other.context().close();
});
