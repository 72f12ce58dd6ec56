import { sql } from 'drizzle-orm';
import { database } from '@/server/app/services';
import { beforeDeadline, LATE } from '@/lib/deadline';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** How long the probe waits for the database: a statement holding it must not hold the probe (issue 29). */
const PING_BUDGET_MS = 2_000;

/**
 * Unauthenticated liveness/readiness probe for container health checks: 200 when the database
 * answers within PING_BUDGET_MS, 503 otherwise (saying which). Details per adapter, the event-loop
 * delay and memory are on the (signed-in) Settings → Health page.
 */
export async function GET() {
  try {
    const ping = database().then(({ db }) => db.execute(sql`select 1`));
    if ((await beforeDeadline(ping, PING_BUDGET_MS)) === LATE) {
      const reason = `the database did not answer within ${PING_BUDGET_MS / 1000} s`;
      return Response.json({ status: 'unavailable', reason }, { status: 503 });
    }
    return Response.json({ status: 'ok' });
  } catch {
    return Response.json({ status: 'unavailable', reason: 'the database cannot be reached' }, { status: 503 });
  }
}
