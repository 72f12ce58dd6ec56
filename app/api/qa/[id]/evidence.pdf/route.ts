import { NextResponse } from 'next/server';
import { currentUser } from '@/server/app/current-user';
import { database } from '@/server/app/services';
import { exportEvidencePack, userActor } from '@/server/qa/exports';

/** Every pack is made fresh (it quotes the audit chain head) and audited: never cached. */
export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/qa/<qa_result_id>/evidence.pdf — the call's QA evidence pack (server/qa/evidence-pack.ts)
 * as a PDF attachment `evidence-<call_id>-<YYYY-MM-DD>.pdf`. For any signed-in user; audited as
 * `qa.export_evidence_pack` with the PDF's SHA-256. 401 signed out, 400 not a QA result id, 404 no such result.
 */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  const user = await currentUser();
  if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  if (!UUID.test(id)) return NextResponse.json({ error: 'invalid_input', message: 'not a QA result id' }, { status: 400 });
  const { db } = await database();
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
}
