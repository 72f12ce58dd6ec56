import type { Page } from '@playwright/test';
import { clickUntilSelected as selectUntilShown } from '../../e2e/editor-helpers.ts';

/** Where the editor picks up a handed-over document (components/workflows/open-in-editor.ts). */
const HANDOVER_KEY = 'dcf.workflowDraft';

export interface EditorFigures {
  /** From navigation to the first state on screen. */
  firstStateMs: number;
  /** From navigation until a click on the start state has selected it. */
  interactiveMs: number;
  /** Frame-to-frame times while the canvas is panned by dragging. */
  frames: number[];
  /** Per key typed into the inspector's Comment field: from keydown until the frame after it is painted. */
  keystrokes: number[];
}

/** Characters typed into the Comment field per open (each measured on its own). */
const KEYS = 'slow step ';

/**
 * Opens `doc` in the editor (handed over like a file from disk) and measures how long until it
 * is drawn and answers a click, then records every frame while the canvas is dragged across for
 * about two seconds. The page must be signed in as a designer.
 */
export async function measureEditor(page: Page, baseURL: string, doc: { asl: { StartAt: string } }): Promise<EditorFigures> {
  await page.goto(`${baseURL}/workflows`);
  await page.evaluate(
    ([key, text]) => sessionStorage.setItem(key!, JSON.stringify({ label: 'bench', text })),
    [HANDOVER_KEY, `${JSON.stringify(doc, null, 2)}\n`],
  );
  const t0 = Date.now();
  await page.goto(`${baseURL}/workflows/edit?handover=1`);
  const start = page.locator(`[data-testid="state-node"][data-state="${doc.asl.StartAt}"]`);
  await start.waitFor({ timeout: 120_000 });
  const firstStateMs = Date.now() - t0;
  await clickUntilSelected(page, doc.asl.StartAt, (doc as { workflow_name?: string }).workflow_name);
  const interactiveMs = Date.now() - t0;
  const keystrokes = await measureKeystrokes(page);

  // Pan: drag on the empty pane at the canvas' left edge (the layout centres the graph).
  const box = (await page.getByTestId('editor-canvas').boundingBox())!;
  const x = box.x + 12;
  const y = box.y + box.height / 2;
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__stop = false;
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 120; i++) {
    await page.mouse.move(x + Math.sin(i / 10) * 300 + 300, y - i * 4, { steps: 1 });
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    return w.__frames.slice(1);
  });
  return { firstStateMs, interactiveMs, frames, keystrokes };
}

/**
 * Clicks the state named `name` until the canvas shows it selected (e2e/editor-helpers.ts), and
 * returns how many clicks that took: a miss counts against interactive rather than aborting the run.
 */
export function clickUntilSelected(page: Page, name: string, label = ''): Promise<number> {
  return selectUntilShown(page, name, {
    onMiss: (clicks, seen) =>
      console.warn(
        `bench: ${label ? `${label}: ` : ''}click ${clicks} on "${name}" did not select it within 5 s (${seen}); clicking again`,
      ),
  });
}

/** Signs the page in as the demo designer (the editor's user in the benches). */
export async function signInAsDesigner(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/sign-in?next=/workflows`);
  await page.getByLabel('Email').fill('designer@demo.dcf');
  await page.getByLabel('Password').fill('demo-designer');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-user').waitFor();
}

/**
 * Types into the inspector's Comment field of the selected state, one key at a time, and for each
 * takes the time from its keydown to the first task after the next frame (the edit has been
 * rendered and painted by then: React flushes an input's update in the event, and the frame
 * after it paints). Keys are 120 ms apart, shorter than the validation's pause, so what is timed
 * is the editor's own work per key. Each key as [keydown time (performance.now()), ms].
 */
export async function typeTimedKeys(page: Page): Promise<Array<[number, number]>> {
  const field = page.getByRole('complementary', { name: 'Side panel' }).getByLabel('Comment', { exact: true }).first();
  await field.click();
  await page.evaluate(`(() => {
    window.__keys = [];
    document.addEventListener('keydown', () => {
      const t0 = performance.now();
      requestAnimationFrame(() => setTimeout(() => window.__keys.push([t0, performance.now() - t0]), 0));
    }, { capture: true });
  })()`);
  for (let i = 0; i < KEYS.length; i++) {
    await page.keyboard.press(KEYS[i] === ' ' ? 'Space' : KEYS[i]!);
    await page.waitForFunction((n) => (window as unknown as { __keys: unknown[] }).__keys.length >= n, i + 1);
    await page.waitForTimeout(120);
  }
  return page.evaluate(() => (window as unknown as { __keys: Array<[number, number]> }).__keys);
}

async function measureKeystrokes(page: Page): Promise<number[]> {
  return (await typeTimedKeys(page)).map(([, ms]) => ms);
}
