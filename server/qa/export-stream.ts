import type { Db } from '../db/client.ts';
import { CSV_BOM } from '../../lib/csv.ts';
import { qaCsvHeader, qaCsvRows } from './export-csv.ts';
import type { QueueParams } from './filter-params.ts';
import { listQaPage } from './query.ts';
import { queueItemView } from './view.ts';

/** Rows read per query: an export never holds more than one page of the queue in memory. */
export const EXPORT_PAGE_SIZE = 1000;

export type QaCsvExport = {
  /** Rows the filter matched when the export began (the first page's count). */
  total: number;
  /** The CSV document (BOM, header, rows), pulled one page at a time as the client reads. */
  stream: ReadableStream<Uint8Array>;
};

/**
 * The filtered queue as a CSV byte stream, in the queue's order, paged with `listQaPage`'s keyset
 * cursor. The first page is read before this returns, so a failing query is an error the route
 * can answer with a status (not a cut-off download) and `total` is known for the audit entry.
 * Each further page is read only when the client has taken the previous one (pull-based).
 */
export async function openQaCsvExport(db: Db, q: QueueParams, pageSize = EXPORT_PAGE_SIZE): Promise<QaCsvExport> {
  const first = await listQaPage(db, { filter: q.filter, sort: q.sort, limit: pageSize });
  const encoder = new TextEncoder();
  let next: string | null = first.nextCursor;
  let pending: typeof first.items | null = first.items;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + qaCsvHeader()));
    },
    async pull(controller) {
      if (!pending) {
        if (next === null) return controller.close();
        const page = await listQaPage(db, { filter: q.filter, sort: q.sort, limit: pageSize, cursor: next });
        if (cancelled) return;
        next = page.nextCursor;
        pending = page.items;
      }
      if (pending.length) controller.enqueue(encoder.encode(qaCsvRows(pending.map(queueItemView))));
      pending = null;
      if (next === null) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  // The first page (no cursor) always carries the total.
  return { total: first.total ?? 0, stream };
}
