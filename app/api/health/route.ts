import { sql } from 'drizzle-orm';
import { database } from '@/server/app/services';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Unauthenticated liveness/readiness probe for container health checks: 200 when the database
 * answers, 503 otherwise. Details per adapter are on the (signed-in) Settings → Health page.
 */
export async function GET() {
  try {
    const { db } = await database();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok' });
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503 });
  }
}
