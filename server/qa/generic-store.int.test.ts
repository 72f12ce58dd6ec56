import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { qaResults } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { qaDetail } from './detail.ts';
import { upsertQaRecords } from './store.ts';
import { qaRecordFixture } from './testing/fixtures.ts';
import { detailView } from './view.ts';

/**
 * The generic store (issue 31, migration 0027): a QA result keeps the results of analysis functions with no column of
 * their own in `analyses`, by role; the call detail shows them; a redriven run replaces them; a record without any
 * holds an empty store.
 */
const RUN = '1b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a31';
const OTHER_RUN = '1b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a32';

describe(`the generic store of analysis results (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const rowOf = async (runId: string) => (await h.db.select().from(qaResults).where(eq(qaResults.runId, runId)))[0]!;

  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h?.dispose());

  it("stores a function's result by its role and shows it in the call detail; a redriven run without it empties it", async () => {
    const summary = { summary_text: 'The advisor explained the HELOC.', topics: ['product_detail'] };
    await upsertQaRecords(h.db, [{ ...qaRecordFixture({ runId: RUN, callId: 'REC-3101' }), analyses: { summary } }]);
    const stored = await rowOf(RUN);
    expect(stored.analyses).toEqual({ summary });
    expect(detailView((await qaDetail(h.db, stored.id))!).analyses).toEqual({ summary });

    await upsertQaRecords(h.db, [qaRecordFixture({ runId: RUN, callId: 'REC-3101' })]);
    expect((await rowOf(RUN)).analyses).toEqual({});
  });

  it('holds an empty store for a record that keeps nothing there', async () => {
    await upsertQaRecords(h.db, [qaRecordFixture({ runId: OTHER_RUN, callId: 'REC-3102' })]);
    const stored = await rowOf(OTHER_RUN);
    expect(stored.analyses).toEqual({});
    expect(detailView((await qaDetail(h.db, stored.id))!).analyses).toEqual({});
  });
});
