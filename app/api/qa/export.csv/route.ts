import { qaExportsRoute } from '@/server/app/routes/qa-exports';

/** Every export is fresh and audited: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/** GET /api/qa/export.csv?<queue filter> — the QA queue as a CSV attachment: server/app/routes/qa-exports.ts. */
export const GET = qaExportsRoute.csv.GET;
