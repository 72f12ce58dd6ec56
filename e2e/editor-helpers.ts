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

/** What sits under a point of the page: a handle as `<state>:<handle>`, anything else by its tag and classes. */
function hitAt(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    ({ px, py }) => {
      const el = document.elementFromPoint(px, py) as HTMLElement | null;
      if (!el) return 'nothing';
      const handle = el.closest('.react-flow__handle');
      const state = el.closest('[data-state]')?.getAttribute('data-state');
      if (handle) return `${state}:${handle.getAttribute('data-handleid')}${handle.classList.contains('valid') ? ' (valid)' : ''}`;
      return `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}${state ? ` in ${state}` : ''}`;
    },
    { px: x, py: y },
  );
}

/**
 * Connects two states by dragging from a source handle (next, rule, default, catch) to the target's
 * top, then waits for that very edge ("Edge from <source> to <target>", React Flow's label). Counting
 * edges is not enough: the start edge can render late under load and be counted as the new one.
 * Before pressing and before releasing, the pointer is checked to be over the right handle (the
 * handles are a few pixels wide at a fitted zoom, and a panel or a moved node can cover them); a
 * drag that still misses fails with what was under the pointer, so a failure says why.
 */
export async function connectStates(page: Page, from: string, handle: 'next' | 'rule' | 'default' | 'catch', to: string): Promise<void> {
  const label = `Edge from /asl/States/${from} to /asl/States/${to}`;
  const wanted = page.locator('.react-flow__edge').and(page.getByLabel(label, { exact: true }));
  const before = await wanted.count();
  const source = node(page, from).locator(`.react-flow__handle[data-handleid="${handle}"]`);
  const target = node(page, to).locator('.react-flow__handle[data-handleid="in"]');
  const centre = async (l: typeof source) => {
    const b = (await l.boundingBox())!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const misses: string[] = [];
  // A drag can miss when the layout moves a node between measuring the handles and the drop (the
  // canvas re-lays out as states change), and a missed drag pans the canvas: the view is fitted
  // again and zoomed in, the handles measured again and the drag tried again, at most three times. An edge that
  // appears late is not drawn twice: each retry first looks for it.
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt > 1) {
      if ((await wanted.count()) > before) return;
      // Fitted again, then zoomed in around the pair: bigger handles, and away from what covered them.
      await page.locator('.react-flow__controls-fitview').click();
      await layoutSettled(page);
      const [a, b] = [await centre(source), await centre(target)];
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
      await page.mouse.wheel(0, -240);
    }
    await layoutSettled(page);
    // A handle outside the window (the page itself scrolled, e.g. by focusing a field of the inspector)
    // is brought into view first: elementFromPoint and the mouse only reach what the window shows.
    let s = await centre(source);
    if ((await hitAt(page, s.x, s.y)) === 'nothing') {
      await source.scrollIntoViewIfNeeded();
      s = await centre(source);
    }
    const pressedOn = await hitAt(page, s.x, s.y);
    if (pressedOn !== `${from}:${handle}`) {
      // Pressing there would drag a node, pan the canvas or select text: look again instead.
      const view = await page.evaluate(() => `window ${innerWidth}×${innerHeight} scrolled to ${scrollX},${scrollY}`);
      misses.push(
        `attempt ${attempt}: the ${handle} handle of ${from} at ${Math.round(s.x)},${Math.round(s.y)} is under ${pressedOn} (${view})`,
      );
      continue;
    }
    await page.mouse.move(s.x, s.y);
    await page.mouse.down();
    let t = await centre(target);
    await page.mouse.move(t.x, t.y, { steps: 12 });
    // The target may have moved while the pointer travelled: follow it before letting go.
    t = await centre(target);
    await page.mouse.move(t.x, t.y, { steps: 2 });
    const releasedOn = await hitAt(page, t.x, t.y);
    const line = await page.locator('.react-flow__connectionline').count();
    await page.mouse.up();
    try {
      await expect(wanted).toHaveCount(before + 1, { timeout: 5_000 });
      return;
    } catch {
      misses.push(
        `attempt ${attempt}: pressed on ${pressedOn}, released on ${releasedOn}, connection line ${line ? 'drawn' : 'not drawn'}`,
      );
    }
  }
  throw new Error(`no edge from ${from} (${handle}) to ${to} after three drags:\n${misses.join('\n')}`);
}

/**
 * Clicks the state named `name` until the canvas shows it selected; how many clicks that took. A
 * click can miss: Playwright aims at where the node is once it has been still for two frames, and a
 * layout landing in between (ELK's result, in a worker; a reopened version's validation resizing the
 * boxes) moves the node from under the pointer, so the press meets the pane and selects nothing.
 * Each click waits `waitMs` for the selection (`onMiss` is told of a miss); past `deadlineMs` it fails
 * with the number of clicks. Also the UI bench's (bench/ui/measure-editor.ts), where the time until
 * the selection shows stays in its "interactive" figure.
 */
export async function clickUntilSelected(
  page: Page,
  name: string,
  opts: { waitMs?: number; deadlineMs?: number; onMiss?: (clicks: number, seen: string) => void } = {},
): Promise<number> {
  const { waitMs = 5_000, deadlineMs = 60_000 } = opts;
  const selected = page.locator(`.react-flow__node.selected [data-testid="state-node"][data-state="${name}"]`);
  const deadline = Date.now() + deadlineMs;
  for (let clicks = 1; ; clicks++) {
    await node(page, name).click({ timeout: Math.max(1_000, deadline - Date.now()) });
    const shown = await selected.waitFor({ timeout: waitMs }).then(
      () => true,
      () => false,
    );
    if (shown) return clicks;
    const seen = await missSeen(page, name);
    if (Date.now() > deadline) throw new Error(`${clicks} clicks on "${name}" did not select it within ${deadlineMs / 1000} s (${seen})`);
    opts.onMiss?.(clicks, seen);
  }
}

/** After a click that selected nothing: what is under the state's centre now, what is selected, whether the editor is busy. */
async function missSeen(page: Page, name: string): Promise<string> {
  const box = await node(page, name).boundingBox();
  const under = box ? await hitAt(page, box.x + box.width / 2, box.y + box.height / 2) : 'the state is not drawn';
  const selected = await page
    .locator('.react-flow__node.selected [data-state]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
  const busy = await page.getByTestId('workflow-editor').getAttribute('data-busy');
  return `under its centre: ${under}; selected: ${selected.join(', ') || 'nothing'}; editor busy: ${busy}`;
}

/**
 * Selects a state on the canvas as a person would: waits for the canvas to hold still, then clicks
 * it, again if the click landed while a layout moved it (clickUntilSelected). Reopening a saved
 * version lays it out once more after its nodes are drawn.
 */
export async function selectState(page: Page, name: string): Promise<void> {
  await layoutSettled(page);
  await clickUntilSelected(page, name, { waitMs: 2_000, deadlineMs: 30_000 });
}
