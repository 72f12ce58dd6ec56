import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { qaResults } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { QA_SORTS, type QaSort } from '../../lib/qa-filter.ts';
import { listQaPage } from './query.ts';
import { upsertQaRecords } from './store.ts';
import { qaRecordFixture } from './testing/fixtures.ts';

/**
 * Keyset paging of the QA queue: walking every page of every order visits each matching call
 * exactly once, in the order of the whole list (values first, calls without a value last, ties by
 * id), with the total on the first page only.
 */
describe(`QA queue paging (${testDbKind()})`, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    const records = Array.from({ length: 23 }, (_, i) => {
      const r = qaRecordFixture({
        runId: `run-${i % 3}`,
        callId: `REC-${1000 + i}`,
        advisor: ['Alex Wong', 'Priya Shah', null][i % 3] ?? null,
        callAt: i % 7 === 0 ? null : `2024-07-0${1 + (i % 5)}T1${i % 4}:00:00.000Z`,
        fail: i % 2 ? ['FCA-DISC-02'] : [],
      });
      // Unscored calls (a compliance-only workflow) and tied scores.
      return i % 6 === 0 ? { ...r, score: null, maxScore: null, scoreDetail: null } : { ...r, score: 40 + (i % 4) * 10 };
    });
    await upsertQaRecords(db.db, records);
  });
  afterAll(() => db.dispose());

  const column = { call_at: 'call_at', score: 'score', advisor: 'advisor', failed_mandatory: 'failed_mandatory' } as const;

  for (const by of QA_SORTS) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${by} ${dir}: every call once, in the list's order`, async () => {
        const sort: QaSort = { by, dir };
        const expected = await db.db
          .select({ id: qaResults.id })
          .from(qaResults)
          .orderBy(sql.raw(`${column[by]} ${dir} nulls last, id ${dir} nulls last`));
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await listQaPage(db.db, { filter: {}, sort, limit: 4, ...(cursor ? { cursor } : {}) });
          expect(page.total).toBe(pages === 0 ? 23 : null);
          seen.push(...page.items.map((i) => i.id));
          cursor = page.nextCursor ?? undefined;
          pages++;
        } while (cursor && pages < 20);
        expect(seen).toEqual(expected.map((e) => e.id));
      });
    }
  }

  it('refuses a cursor it did not make', async () => {
    await expect(listQaPage(db.db, { filter: {}, sort: { by: 'score', dir: 'desc' }, limit: 4, cursor: 'bm9wZQ' })).rejects.toThrow(
      RangeError,
    );
  });
});
