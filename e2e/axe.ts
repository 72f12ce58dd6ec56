import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** One axe violation (axe-core's Result, reached through the builder so axe-core need not be a direct dependency). */
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules (issue 34: the console is held at zero violations of these). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One violation as a reader fixes it: the rule, its impact, what axe says to do, and each offending element. */
export function describeViolation(v: Result): string {
  const nodes = v.nodes.map((n) => {
    const target = n.target.map((t) => (typeof t === 'string' ? t : JSON.stringify(t))).join(' >> ');
    const why = n.failureSummary?.split('\n').slice(1).join(' ').trim();
    return `    - ${target}${why ? `: ${why}` : ''}`;
  });
  return [`  ${v.id} (${v.impact ?? 'unknown impact'}): ${v.help} — ${v.helpUrl}`, ...nodes].join('\n');
}

/**
 * Waits until the page has loaded its data — `ready` visible, no LoadingState (`[data-loading]`) and no
 * region marked busy — so axe judges the page a user reads, not its spinner.
 */
export async function waitForData(page: Page, ready: Locator): Promise<void> {
  await expect(ready.first()).toBeVisible();
  // Visible ones only: a closed <details> may hold a view that loads when opened.
  await expect(page.locator('[data-loading]:visible')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** React Flow's viewport: the zoomable layer of the third-party canvas (editor, run graph, lineage). */
const ZOOMABLE_CANVAS = '.react-flow__viewport';

/**
 * Drops the target-size (WCAG 2.2, 2.5.8) findings on controls inside React Flow's zoomable viewport, and only
 * those: there a control's rendered size is its designed size times the zoom the view was fitted to or the user
 * chose (0.2–1.5 on the lineage canvas), so axe measures one zoom level, not the design (the graph's skill chips
 * are 24 px at 100 %). Every other rule — contrast, names, roles — still judges the canvas's contents.
 */
async function withoutZoomedTargets(page: Page, violations: Result[]): Promise<Result[]> {
  const kept: Result[] = [];
  for (const v of violations) {
    if (v.id !== 'target-size') {
      kept.push(v);
      continue;
    }
    const nodes: Result['nodes'] = [];
    for (const n of v.nodes) {
      const selector = n.target.length === 1 && typeof n.target[0] === 'string' ? n.target[0] : null;
      const zoomed =
        selector !== null &&
        (await page.evaluate(({ sel, canvas }) => document.querySelector(sel)?.closest(canvas) != null, {
          sel: selector,
          canvas: ZOOMABLE_CANVAS,
        }));
      if (!zoomed) nodes.push(n);
    }
    if (nodes.length > 0) kept.push({ ...v, nodes });
  }
  return kept;
}

/**
 * Runs axe with the WCAG A/AA tags on the whole page and fails with a readable list (rule, impact, help,
 * target selectors) when anything is violated. `context` names the page and role in the failure message.
 * No rule is switched off and no element excluded; the one judgement axe cannot make (target size on a
 * zoomable canvas) is explained at `withoutZoomedTargets`.
 */
export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS]).analyze();
  const violations = await withoutZoomedTargets(page, results.violations);
  const list = violations.map(describeViolation).join('\n');
  expect(list, `axe found ${violations.length} violation(s) on ${context}`).toBe('');
}
