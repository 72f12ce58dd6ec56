import { NextResponse } from 'next/server';
import { currentUser } from '@/server/app/current-user';
import { database } from '@/server/app/services';
import { exportQaCsv, userActor } from '@/server/qa/exports';
import { queueParamsFromSearch } from '@/server/qa/filter-params';

/** Every export is fresh and audited: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * GET /api/qa/export.csv?<queue filter> — every QA queue row the filter matches, as a CSV
 * attachment (server/qa/export-csv.ts), in the queue's order; the query string is the queue's
 * (server/qa/filter-params.ts). Streamed a page at a time. For any signed-in user; audited as
 * `qa.export_csv`. 401 signed out; 400 `{ error, param, message }` naming a bad parameter.
 */
export async function GET(request: Request): Promise<Response> {
  const user = await currentUser();
  if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  const parsed = queueParamsFromSearch(new URL(request.url).searchParams);
  if (!parsed.ok) return NextResponse.json({ error: 'invalid_input', param: parsed.param, message: parsed.message }, { status: 400 });
  const { db } = await database();
  const out = await exportQaCsv(db, userActor(user), { filter: parsed.filter, sort: parsed.sort });
  return new Response(out.stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${out.filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
