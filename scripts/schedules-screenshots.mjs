// Screenshots of issue 18's views for reviewing the UI by eye: a weekly review scheduled from the
// chat by a compliance manager (as people type it), an hourly ranking that fires at once (its toast
// and the bell), the Schedules page as admin (with each job's owner), as the compliance manager ("Your
// schedules": the jobs the Planner made for them) and as stakeholder (no page), the collaboration and
// agents pages.
// Usage, against a running console with demo users:
//   node scripts/schedules-screenshots.mjs http://127.0.0.1:3000 /tmp/shots
import { consoleBrowser, say } from './lib/console-browser.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? '/tmp/shots18';
const { browser, as, snap } = await consoleBrowser(base, out);

const c = await as('compliance');
await c.goto('/chat');
await c.getByTestId('chat-new').click();
await c.getByRole('group', { name: 'Kind of conversation' }).getByTestId('chat-new-planner').click();
await c.waitForURL(/\/chat\?c=/);
await c.getByTestId('chat-input').waitFor();
await say(c, 'can you set up a weekly review of all advisors calls from the previous week');
await snap(c, 'compliance-chat-weekly-no-day');
await say(c, 'mondays at 8am');
await snap(c, 'compliance-chat-schedule-confirm');
await say(c, 'yes please');
await snap(c, 'compliance-chat-scheduled');

const a = await as('admin');
await a.goto('/schedules');
await a
  .getByRole('heading', { name: /Schedules/ })
  .first()
  .waitFor();
await snap(a, 'admin-schedules');

// An hourly ranking fires once at creation (interval jobs do): its report arrives as a toast and in the bell.
await say(c, 'Every hour, which advisor has the lowest QA score last week?');
await say(c, 'yes');
await c
  .getByTestId('notification-toast')
  .first()
  .waitFor({ timeout: 120_000 })
  .catch(() => {});
await snap(c, 'compliance-toast');
await c
  .getByTestId('notification-bell')
  .click()
  .catch(() => {});
await snap(c, 'compliance-bell');
await c
  .getByRole('button', { name: 'Show all' })
  .first()
  .click()
  .catch(() => {});
await snap(c, 'compliance-bell-open');
await c.reload();
await c.getByTestId('chat-input').waitFor();
await snap(c, 'compliance-chat-after-run');
await a.goto('/schedules');
await snap(a, 'admin-schedules-after-run');
await c.goto('/schedules');
await c.getByRole('heading', { name: /Your schedules/ }).waitFor();
await snap(c, 'compliance-schedules');

await a.goto('/collaboration');
await snap(a, 'admin-collaboration');
await a.goto('/agents');
await snap(a, 'admin-agents');
const s = await as('stakeholder');
await s.goto('/schedules');
await snap(s, 'stakeholder-schedules');
await browser.close();
