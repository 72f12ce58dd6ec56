import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Redis } from 'ioredis';
import { WORKER_INDEX } from '../server/health/worker-heartbeat.ts';
import { DEMO, shot, signIn } from './helpers';
import { trpc } from './trpc';

/** Admin-only panels of Settings → Health (issue 34), by their headings. */
const ADMIN_PANELS = ['Problems', 'Workers', 'Queues', 'Scheduler', 'Notifications', 'Durable streams', 'Database and Redis memory'];

test('an admin sees the operator’s health page: problems first, live workers, queue depths and Redis memory', async ({ page }) => {
  // The page renders on the server first: nothing on it may differ in the browser's first render (React error #418).
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, DEMO.admin, '/settings');
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  // Problems first, then what does the work.
  await expect(headings.first()).toHaveText('Problems');
  for (const name of ADMIN_PANELS) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expect(page.getByTestId('health-clock')).toContainText(
    'London time (Europe/London, GMT or BST as the date falls) on the real clock',
  );
  await expect(page.getByTestId('health-clock')).toContainText(/Last read at \d+ \w+ \d{4}, \d\d:\d\d:\d\d (GMT|BST)/);

  // The console's embedded workers beat: one alive worker of this process, with its concurrency.
  const worker = page.getByTestId('worker-row').filter({ hasText: 'Console (embedded)' });
  await expect(worker).toHaveCount(1);
  await expect(worker).toHaveAttribute('data-state', 'alive');
  await expect(worker.getByRole('rowheader')).toHaveText(/^engine@.+:\d+$/);
  await expect(worker.getByRole('cell').nth(3)).toHaveText(/^\d+$/); // concurrency

  // Every queue of the console, read from BullMQ, with its depths.
  const runQueue = page.locator('[data-testid="queue-row"][data-queue="notifications"]');
  await expect(runQueue).toContainText('Run notifications');
  await expect(page.getByTestId('queue-row')).toHaveCount(7);

  // Redis memory from INFO memory, and the database's size; PGlite says why it has no connections.
  const node = page.getByTestId('redis-node');
  await expect(node).toHaveCount(1);
  await expect(node.getByRole('cell').first()).toHaveText(/^[\d.]+ (KB|MB|GB)$/);
  await expect(page.getByTestId('database-health')).toContainText('PGlite, embedded');
  await expect(page.getByTestId('database-health')).toContainText('Not applicable: PGlite is embedded');
  await expect(page.getByTestId('database-health')).toContainText(/Size\s*[\d.]+ (MB|GB)/);

  // The durable streams' lag beside their dead letters.
  await expect(page.getByTestId('stream-row').first()).toBeVisible();
  expect(errors).toEqual([]);
  await page.screenshot({ path: shot('settings-health-admin') });
  await page.screenshot({ path: shot('settings-health-admin-full'), fullPage: true });
});

test('a non-admin sees adapters, the process and dead letters, not the admin panels, and the server refuses them', async ({ page }) => {
  await signIn(page, DEMO.compliance, '/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Adapters', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Console process', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Stream dead letters', exact: true })).toBeVisible();
  for (const name of ADMIN_PANELS) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('health-clock')).toContainText('London time');
  for (const path of ['health.workers', 'health.queues', 'health.storage']) {
    const res = await page.request.get(`/api/trpc/${path}`);
    expect(res.status(), path).toBe(403);
  }
});

/** The console's own Redis: its URL (with the password) sits in the data directory the database's target names. */
async function consoleRedis(page: Page): Promise<Redis> {
  const adapters = await trpc<Array<{ port: string; target: string }>>(page.request, 'health.adapters', undefined, 'query');
  const dataDir = path.dirname(adapters.find((a) => a.port === 'database')!.target);
  return new Redis(readFileSync(path.join(dataDir, 'redis', 'url'), 'utf8').trim());
}

test('a worker that died without deregistering is a red line at the top of the page', async ({ page }) => {
  await signIn(page, DEMO.admin, '/settings');
  const redis = await consoleRedis(page);
  try {
    // What a crashed worker leaves: its last beat in the index (a minute ago, on Redis's clock), its registration expired.
    const [secs] = await redis.time();
    await redis.zadd(WORKER_INDEX, (Number(secs) - 60) * 1000, 'engine@crashed-host:4242');
    await page.reload();
    const problem = page.getByTestId('health-problem').filter({ hasText: 'engine@crashed-host:4242' });
    await expect(problem).toHaveAttribute('data-tone', 'bad');
    await expect(problem).toContainText('stopped beating 1 min');
    await expect(page.locator('[data-testid="worker-row"][data-state="stopped"]')).toContainText('Stopped beating');
    await page.getByTestId('health-problems').screenshot({ path: shot('settings-health-problem') });
  } finally {
    await redis.zrem(WORKER_INDEX, 'engine@crashed-host:4242');
    redis.disconnect();
  }
});
