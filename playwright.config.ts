import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Chromium against `next start` (scripts/e2e-server.sh: fresh data directory,
 * its own redis-server, demo users). The browser is the system's Debian Chromium: Playwright's
 * own browser downloads are never used. One worker (E2E_WORKERS): on two cores the browser and
 * `next start` keep both busy, and two workers measured slower (90 tests in 8.5 min against 6–7.5).
 * Specs find their own rows (their own user or audit entry) rather than the newest or a count of all,
 * but some still assume they are alone: the workflow-versions spec publishes a version the
 * workflows spec opens.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * A second console for the chat scenarios (e2e/chat-scenarios.spec.ts): the spec's scenario 1
 * starts with no workflow in the catalog (DCF_SEED_WORKFLOWS=false), and its skill calls time out
 * after 3 s so an injected Whisper timeout is quick.
 */
export const SCENARIO_PORT = PORT + 1;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  workers: Number(process.env.E2E_WORKERS) || 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: BASE_URL,
    headless: true,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'bash scripts/e2e-server.sh',
      url: `${BASE_URL}/api/health`,
      // FORCE_COLOR=0: Playwright turns colours on for the server process; plain logs read better.
      // A deployment's Companion task budget, so the Conductor's review records budget findings (e2e/planning.spec.ts).
      // No schedule minimum: e2e/schedules.spec.ts watches an every-2-seconds job fire.
      env: {
        E2E_PORT: String(PORT),
        FORCE_COLOR: '0',
        DCF_COMPANION_TASK_BUDGET: '{"maxToolCalls":12}',
        DCF_SCHEDULE_MIN_INTERVAL_S: '1',
      },
      reuseExistingServer: false,
      // SIGTERM (not the default SIGKILL) lets scripts/e2e-server.sh run its trap: stop next and
      // redis-server and delete its data directory.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'bash scripts/e2e-server.sh',
      url: `http://127.0.0.1:${SCENARIO_PORT}/api/health`,
      env: { E2E_PORT: String(SCENARIO_PORT), FORCE_COLOR: '0', DCF_SEED_WORKFLOWS: 'false', DCF_SKILL_TIMEOUT_S: '3' },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
