import { qaExportsRoute } from '@/server/app/routes/qa-exports';

/** Every pack is made fresh (it quotes the audit chain head) and audited: never cached. */
export const dynamic = 'force-dynamic';

/** GET /api/qa/<qa_result_id>/evidence.pdf — the call's QA evidence pack: server/app/routes/qa-exports.ts. */
export const GET = qaExportsRoute.evidencePack.GET;
