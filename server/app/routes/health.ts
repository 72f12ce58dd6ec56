import { sql } from 'drizzle-orm';
import { beforeDeadline, LATE } from '../../../lib/deadline.ts';
import type { Db } from '../../db/client.ts';
import { database } from '../services.ts';

/** How long the probe waits for the database: a statement holding it must not hold the probe (issue 29). */
const PING_BUDGET_MS = 2_000;

/**
 * The unauthenticated liveness/readiness probe for container health checks, handed the process's database: 200 when
 * the database answers within PING_BUDGET_MS, 503 otherwise (saying which). Details per adapter, the event-loop delay
 * and memory are on the (signed-in) Settings → Health page.
 */
export function healthRoutes(services: { database: () => Promise<{ db: Db }> }) {
  const GET = async (): Promise<Response> => {
    try {
      const ping = services.database().then(({ db }) => db.execute(sql`select 1`));
      if ((await beforeDeadline(ping, PING_BUDGET_MS)) === LATE) {
        const reason = `the database did not answer within ${PING_BUDGET_MS / 1000} s`;
        return Response.json({ status: 'unavailable', reason }, { status: 503 });
      }
      return Response.json({ status: 'ok' });
    } catch {
      return Response.json({ status: 'unavailable', reason: 'the database cannot be reached' }, { status: 503 });
    }
  };
  return { GET };
}

/** The health probe of this process, from the composition root's database. */
export const healthRoute = healthRoutes({ database });
