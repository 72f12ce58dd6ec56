import { expect, type Page } from '@playwright/test';

/** The editor's JSON view (CodeMirror's editing surface, named "Workflow JSON"). */
export const jsonView = (page: Page) => page.getByLabel('Workflow JSON');

/** A state on the canvas (editor, comparison or run view) by its name. */
export const node = (page: Page, name: string) => page.locator(`[data-testid="state-node"][data-state="${name}"]`);

/** Opens the JSON tab of the editor's side panel (unless the JSON view already sits beside the canvas). */
export async function openJson(page: Page): Promise<void> {
  if (await jsonView(page).isVisible()) return;
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(jsonView(page)).toBeVisible();
}

/** Replaces the whole document in the JSON view, as a person selecting all and pasting would. */
export async function replaceJson(page: Page, text: string): Promise<void> {
  await openJson(page);
  await jsonView(page).fill(text);
}

/** Drags a palette item onto the canvas at (x, y) relative to the canvas (HTML5 drag and drop). */
export async function dropFromPalette(page: Page, type: string, x: number, y: number): Promise<void> {
  const canvas = page.getByTestId('editor-canvas');
  const box = (await canvas.boundingBox())!;
  const dt = await page.evaluateHandle(() => new DataTransfer());
  await page.locator(`[data-testid="palette-item"][data-type="${type}"]`).dispatchEvent('dragstart', { dataTransfer: dt });
  await canvas.dispatchEvent('dragover', { dataTransfer: dt, clientX: box.x + x, clientY: box.y + y });
  await canvas.dispatchEvent('drop', { dataTransfer: dt, clientX: box.x + x, clientY: box.y + y });
}

/**
 * Waits until the canvas stops moving. After a structural edit the editor is busy (`data-busy`)
 * until its validation and the ELK layout of the current document have arrived — findings resize
 * the boxes and a layout moves them — and fitting or revealing a state animates the viewport
 * (200 ms), so the nodes' and the viewport's transforms must also hold still between two samples.
 */
export async function layoutSettled(page: Page): Promise<void> {
  const editor = page.getByTestId('workflow-editor');
  let last = '';
  for (let i = 0; i < 80; i++) {
    const busy = (await editor.getAttribute('data-busy')) === 'true';
    const now = await page
      .locator('.react-flow__viewport, .react-flow__node')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).style.transform).join('|'));
    if (!busy && now === last) return;
    last = busy ? '' : now;
    await page.waitForTimeout(250);
  }
  throw new Error('the editor canvas kept moving for 20 s');
}

/**
 * Connects two states by dragging from a source handle (next, rule, default, catch) to the target's
 * top, then waits for that very edge ("Edge from <source> to <target>", React Flow's label). Counting
 * edges is not enough: the start edge can render late under load and be counted as the new one.
 */
export async function connectStates(page: Page, from: string, handle: 'next' | 'rule' | 'default' | 'catch', to: string): Promise<void> {
  const label = `Edge from /asl/States/${from} to /asl/States/${to}`;
  const wanted = page.locator('.react-flow__edge').and(page.getByLabel(label, { exact: true }));
  const before = await wanted.count();
  // A drag can miss when the layout moves a node between measuring the handles and the drop (the
  // canvas re-lays out as states change), and a missed drag pans the canvas: the view is fitted
  // again, the handles measured again and the drag tried again, at most three times. An edge that
  // appears late is not drawn twice: each retry first looks for it.
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) {
      if ((await wanted.count()) > before) return;
      await page.locator('.react-flow__controls-fitview').click();
    }
    await layoutSettled(page);
    const source = node(page, from).locator(`.react-flow__handle[data-handleid="${handle}"]`);
    const target = node(page, to).locator('.react-flow__handle[data-handleid="in"]');
    const s = (await source.boundingBox())!;
    const t = (await target.boundingBox())!;
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
    await page.mouse.down();
    await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2, { steps: 12 });
    await page.mouse.up();
    try {
      await expect(wanted).toHaveCount(before + 1, { timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}
