import { expect, test, type Page } from '@playwright/test';
import { generateWorkflow } from '../bench/generate-workflow';
import { DEMO, shot, signIn } from './helpers';
import { layoutSettled, node } from './editor-helpers';

/**
 * The editor with large workflows (issue 33): finding a state by name, type or skill with
 * Ctrl/⌘+F on the canvas (the browser's own find elsewhere on the page), Parallel and Map
 * containers that collapse, and names drawn large when zoomed out.
 */

type Doc = { asl: { StartAt: string; States: Record<string, { Type: string; Branches?: unknown[] }> } };

const canvas = (page: Page) => page.getByTestId('editor-canvas');
const findBox = (page: Page) => page.getByRole('search', { name: 'Find a state' });
const findInput = (page: Page) => page.getByLabel('Find a state by name, type or skill');
const selected = (page: Page, name: string) => page.locator(`.react-flow__node.selected [data-testid="state-node"][data-state="${name}"]`);

/** Opens a document as a file from disk, the way a designer brings one in. */
async function openFile(page: Page, doc: unknown, name: string): Promise<void> {
  await signIn(page, DEMO.designer, '/workflows');
  await page
    .getByLabel('Workflow file to open')
    .setInputFiles({ name: `${name}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc, null, 2)) });
  await expect(page).toHaveURL(/\/workflows\/edit\?handover=1/);
}

/** A state's box once it held still for two samples 100 ms apart (the canvas' first fit is done). */
async function stillBox(page: Page, name: string): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (let i = 0; i < 100; i++) {
    const box = await node(page, name).boundingBox();
    const now = JSON.stringify(box);
    if (box && box.y >= 0 && now === last) return box;
    last = now;
    await page.waitForTimeout(100);
  }
  throw new Error(`${name} kept moving for 10 s`);
}

/** Presses Ctrl+F where the focus is and says whether the page kept the key for itself (no browser find). */
async function ctrlF(page: Page): Promise<boolean> {
  await page.evaluate(() => {
    const w = window as unknown as { __kept?: boolean };
    w.__kept = undefined;
    // On window, after the page's own handlers: whether one of them prevented the browser's default
    // for the F (the Control key's own keydown comes first and is not the shortcut).
    window.addEventListener('keydown', (e) => {
      if (e.key.toLowerCase() === 'f') w.__kept = e.defaultPrevented;
    });
  });
  await page.keyboard.press('Control+f');
  return page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true);
}

/** The distance from a state's centre to the canvas' centre, in screen pixels. */
async function offCentre(page: Page, name: string): Promise<number> {
  const c = (await canvas(page).boundingBox())!;
  const n = (await node(page, name).boundingBox())!;
  return Math.hypot(n.x + n.width / 2 - (c.x + c.width / 2), n.y + n.height / 2 - (c.y + c.height / 2));
}

test('Ctrl+F on the canvas finds a state by name, type or skill, selects and centres each match; elsewhere the browser finds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const doc = generateWorkflow(300) as Doc;
  const parallels = Object.entries(doc.asl.States).filter(([, s]) => s.Type === 'Parallel');
  await openFile(page, doc, 'large');
  await expect(node(page, 'S0')).toBeVisible();
  await layoutSettled(page);

  // Outside the canvas (the side panel) Ctrl+F is the browser's: the page does not take it.
  await page.getByTestId('inspector').click();
  expect(await ctrlF(page)).toBe(false);
  await expect(findBox(page)).toHaveCount(0);

  // On the canvas it opens the find box, with the focus in it.
  await canvas(page).click({ position: { x: 8, y: 8 } });
  expect(await ctrlF(page)).toBe(true);
  await expect(findInput(page)).toBeFocused();

  // By name: the one state is selected (the inspector shows it) and centred, zoomed in to be read.
  await findInput(page).fill('S123');
  await expect(page.getByTestId('find-state-count')).toHaveText('1 of 1: S123');
  await expect(selected(page, 'S123')).toBeVisible();
  await layoutSettled(page);
  expect(await offCentre(page, 'S123')).toBeLessThan(40);
  await page.screenshot({ path: shot('editor-find-state') });

  // By type: Enter and ↓ go forward, Shift+Enter and ↑ back, wrapping round.
  await findInput(page).fill('parallel');
  const count = page.getByTestId('find-state-count');
  await expect(count).toHaveText(`1 of ${parallels.length}: ${parallels[0]![0]}`);
  await findInput(page).press('Enter');
  await expect(count).toHaveText(`2 of ${parallels.length}: ${parallels[1]![0]}`);
  await expect(selected(page, parallels[1]![0])).toBeVisible();
  await findInput(page).press('Shift+Enter');
  await findInput(page).press('ArrowUp');
  await expect(count).toHaveText(`${parallels.length} of ${parallels.length}: ${parallels.at(-1)![0]}`);
  await expect(selected(page, parallels.at(-1)![0])).toBeVisible();
  await layoutSettled(page);
  expect(await offCentre(page, parallels.at(-1)![0])).toBeLessThan(40);

  // By skill and type together; a query no state has says so.
  const tasks = Object.values(doc.asl.States).filter((s) => s.Type === 'Task').length + parallels.length * 2;
  await findInput(page).fill('task sentiment-analysis');
  await expect(count).toHaveText(`1 of ${tasks}: S0`);
  await findInput(page).fill('no such state');
  await expect(count).toHaveText('No match');

  // Keys typed in the box are the box's: Backspace does not delete the selected state.
  await findInput(page).fill('S1');
  await findInput(page).press('Backspace');
  await findInput(page).press('Backspace');
  await expect(node(page, 'S1')).toBeVisible();
  await expect(findInput(page)).toHaveValue('');

  // Escape closes it and gives the canvas its focus back.
  await findInput(page).press('Escape');
  await expect(findBox(page)).toHaveCount(0);
  await expect(canvas(page)).toBeFocused();
});

test('Parallel and Map containers collapse to one box that says what it holds; a search opens the one it needs', async ({ page }) => {
  test.setTimeout(120_000);
  const binding = { agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: ['skill://sentiment-analysis@1.2.0'] };
  const doc = {
    workflow_schema_version: '2.2.0',
    workflow_id: '33333333-3333-4333-8333-333333333333',
    workflow_name: 'Containers',
    version: '1.0.0',
    asl: {
      StartAt: 'Fan',
      States: {
        Fan: {
          Type: 'Parallel',
          Branches: [
            { StartAt: 'Left', States: { Left: { Type: 'Pass', End: true } } },
            {
              StartAt: 'Right1',
              States: { Right1: { Type: 'Pass', Next: 'Right2' }, Right2: { Type: 'Task', AgentBinding: binding, End: true } },
            },
          ],
          Next: 'Each',
        },
        Each: {
          Type: 'Map',
          ItemsPath: '$.items',
          ItemProcessor: { StartAt: 'Item', States: { Item: { Type: 'Pass', End: true } } },
          End: true,
        },
      },
    },
  };
  await openFile(page, doc, 'containers');
  await expect(node(page, 'Right2')).toBeVisible();
  await layoutSettled(page);

  await page.getByRole('button', { name: 'Collapse Fan' }).click();
  await expect(node(page, 'Fan')).toHaveAttribute('data-collapsed', 'true');
  await expect(node(page, 'Fan').getByTestId('container-holds')).toHaveText('3 states in 2 branches');
  await expect(node(page, 'Right2')).toHaveCount(0);
  await expect(node(page, 'Left')).toHaveCount(0);
  await layoutSettled(page); // the smaller Fan moves Each up

  await page.getByRole('button', { name: 'Collapse Each' }).click();
  await expect(node(page, 'Each').getByTestId('container-holds')).toHaveText('1 state in its item processor');
  await expect(node(page, 'Item')).toHaveCount(0);
  await layoutSettled(page);
  // Collapsed, the container is a box the size of a state card, not of its content.
  expect((await node(page, 'Fan').boundingBox())!.height).toBeLessThan(120);
  await page.screenshot({ path: shot('editor-collapsed') });

  // The document is untouched: collapsing is a view.
  await expect(page.getByTestId('validation-verdict')).toHaveAttribute('data-valid', 'true');

  // Finding a state inside a collapsed container opens that container and selects the state.
  await canvas(page).click({ position: { x: 8, y: 8 } });
  await page.keyboard.press('Control+f');
  await findInput(page).fill('right2');
  await expect(selected(page, 'Right2')).toBeVisible();
  await expect(node(page, 'Fan')).not.toHaveAttribute('data-collapsed', 'true');
  await expect(node(page, 'Each')).toHaveAttribute('data-collapsed', 'true');
  await findInput(page).press('Escape');
  // Opening Fan lays the graph out again and centres Right2 (animated), which can leave Each's
  // toggle under the minimap: it is pressed from the keyboard, as a person reaching it by Tab would.
  await layoutSettled(page);
  // Centred on Right2, Each runs off the canvas' lower right, under the overview: fit the view first.
  await page.locator('.react-flow__controls-fitview').click();
  await layoutSettled(page);

  await page.getByRole('button', { name: 'Expand Each' }).press('Enter');
  await expect(node(page, 'Item')).toBeVisible();
});

test('1,000 states: zoomed out, states show their names large, no further than they read; the overview strip; screenshots', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openFile(page, generateWorkflow(1000), 'thousand');
  await expect(node(page, 'S0')).toBeVisible({ timeout: 60_000 });
  await layoutSettled(page);
  await page.screenshot({ path: shot('editor-1000-start') });

  // Zoom out with the wheel (each step about ×0.66) until cards turn into names: two steps from
  // the first zoom (0.45) is about 0.2, where the names still read; six reach the smallest zoom.
  const box = (await canvas(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 2; i++) await page.mouse.wheel(0, 300);
  await expect(page.getByTestId('far-label').first()).toBeVisible();
  await layoutSettled(page);
  await page.screenshot({ path: shot('editor-1000-zoomed-out') });
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 300);
  await expect(page.getByTestId('far-label').first()).toBeVisible();
  // Every leaf state draws its name large (an open Parallel keeps its header above its branches).
  await expect(page.locator('[data-testid="state-node"]:not([data-kind="Parallel"]) [data-testid="node-name"]')).toHaveCount(0);
  await layoutSettled(page);
  // The smallest zoom is where names still read (0.2), and an open Parallel's name is drawn large too.
  const viewport = page.locator('.react-flow__viewport');
  expect(await viewport.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a)).toBeCloseTo(0.2, 3);
  await expect(page.getByTestId('container-far-header').first()).toBeVisible();
  await page.screenshot({ path: shot('editor-1000-smallest-zoom') });

  // The overview is a strip down the canvas for this long chain; pressing near its bottom moves the
  // view there, and Fit view keeps the readable zoom around where the view is.
  const map = page.getByTestId('overview-map');
  await expect(map).toHaveAttribute('data-shape', 'column');
  const m = (await map.boundingBox())!;
  // The view's top, in flow pixels along the chain (about 130,000 tall).
  const top = () =>
    viewport.evaluate((el) => {
      const t = new DOMMatrix(getComputedStyle(el).transform);
      return -t.f / t.a;
    });
  await page.mouse.click(m.x + m.width / 2, m.y + m.height * 0.9);
  await layoutSettled(page);
  expect(await top()).toBeGreaterThan(100_000);
  await expect(node(page, 'S0')).toHaveCount(0);
  await page.locator('.react-flow__controls-fitview').click();
  await layoutSettled(page);
  expect(await viewport.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a)).toBeCloseTo(0.2, 3);
  expect(await top()).toBeGreaterThan(100_000);
  await expect(page.getByTestId('far-label').first()).toBeVisible();
  await page.screenshot({ path: shot('editor-1000-overview') });

  // Zoomed back in, the cards return.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -300);
  await expect(page.locator('[data-testid="node-name"]').first()).toBeVisible();
  await expect(page.getByTestId('far-label')).toHaveCount(0);
  await page.screenshot({ path: shot('editor-1000-zoomed-in') });

  // A comment typed in the inspector is on the selected state's card (its hover text).
  const card = page.locator('[data-testid="state-node"][data-kind="Task"]').first();
  const name = (await card.getAttribute('data-state'))!;
  await card.click();
  await page.getByRole('complementary', { name: 'Side panel' }).getByLabel('Comment', { exact: true }).first().fill('slow step');
  await expect(node(page, name)).toHaveAttribute('title', 'slow step');
});

test('the state under the pointer stays there when the layout lands; one that is not pointed at is fitted as before', async ({ page }) => {
  test.setTimeout(180_000);
  // 1,000 states: the first drawing (stacked) comes at once, the layout several seconds later.
  await openFile(page, generateWorkflow(1000), 'thousand');
  const editor = page.getByTestId('workflow-editor');
  const before = await stillBox(page, 'S0');
  await expect(editor).toHaveAttribute('data-busy', 'true'); // the layout is still to come
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await layoutSettled(page);
  const after = (await node(page, 'S0').boundingBox())!;
  // The layout moved every state, but S0 — under the pointer — is drawn where it was, and a click there takes it.
  expect(Math.abs(after.x - before.x)).toBeLessThan(2);
  expect(Math.abs(after.y - before.y)).toBeLessThan(2);
  await page.mouse.down();
  await page.mouse.up();
  await expect(selected(page, 'S0')).toBeVisible();

  // Opened again with the pointer off the canvas, the laid-out workflow is fitted: its top at the readable zoom.
  await page.mouse.move(2, 2);
  await openFile(page, generateWorkflow(100), 'hundred');
  await expect(node(page, 'S0')).toBeVisible();
  await layoutSettled(page);
  const zoom = await page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
  expect(zoom).toBeCloseTo(0.45, 2);
});
