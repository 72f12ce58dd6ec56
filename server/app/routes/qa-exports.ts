import { NextResponse } from 'next/server';
import type { PublicUser } from '../../auth/users.ts';
import type { Db } from '../../db/client.ts';
import { exportEvidencePack, exportQaCsv, userActor } from '../../qa/exports.ts';
import { queueParamsFromSearch } from '../../qa/filter-params.ts';
import { currentUser } from '../current-user.ts';
import { database } from '../services.ts';
import { isUuid } from '../../../lib/uuid.ts';

/** What the QA downloads are handed: the request's signed-in user and the process's database. */
export interface QaExportRouteServices {
  currentUser: () => Promise<PublicUser | null>;
  database: () => Promise<{ db: Db }>;
}

/**
 * The QA downloads as route handlers, for any signed-in user (401 signed out), each audited.
 *
 * `csv.GET` — GET /api/qa/export.csv?<queue filter>: every QA queue row the filter matches, as a CSV attachment
 * (server/qa/export-csv.ts), in the queue's order; the query string is the queue's (server/qa/filter-params.ts).
 * Streamed a page at a time; audited as `qa.export_csv`. 400 `{ error, param, message }` naming a bad parameter.
 *
 * `evidencePack.GET` — GET /api/qa/<qa_result_id>/evidence.pdf: the call's QA evidence pack
 * (server/qa/evidence-pack.ts) as a PDF attachment `evidence-<call_id>-<YYYY-MM-DD>.pdf`; audited as
 * `qa.export_evidence_pack` with the PDF's SHA-256. 400 not a QA result id, 404 no such result.
 */
export function qaExportRoutes(services: QaExportRouteServices) {
  const csv = async (request: Request): Promise<Response> => {
    const user = await services.currentUser();
    if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    const parsed = queueParamsFromSearch(new URL(request.url).searchParams);
    if (!parsed.ok) return NextResponse.json({ error: 'invalid_input', param: parsed.param, message: parsed.message }, { status: 400 });
    const { db } = await services.database();
    const out = await exportQaCsv(db, userActor(user), { filter: parsed.filter, sort: parsed.sort });
    return new Response(out.stream, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${out.filename}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
  const evidencePack = async (_request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    const { id } = await ctx.params;
    const user = await services.currentUser();
    if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    if (!isUuid(id)) return NextResponse.json({ error: 'invalid_input', message: 'not a QA result id' }, { status: 400 });
    const { db } = await services.database();
    const out = await exportEvidencePack(db, userActor(user), id);
    if (!out.ok) return NextResponse.json({ error: 'not_found', message: `no QA result ${id}` }, { status: 404 });
    return new Response(new Uint8Array(out.pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${out.filename}"`,
        'Content-Length': String(out.pdf.length),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
  return { csv: { GET: csv }, evidencePack: { GET: evidencePack } };
}

/** The QA downloads of this process, from the composition root's services. */
export const qaExportsRoute = qaExportRoutes({ currentUser, database });
