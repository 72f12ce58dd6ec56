import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { qaFilterOptions } from './options.ts';
import { upsertQaRecords } from './store.ts';
import { qaRecordFixture } from './testing/fixtures.ts';

/** The queue's filter menus: what the store holds, and the scorecards' maximum that bounds "Score below". */
describe(`QA filter options (${testDbKind()})`, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.dispose());

  it('with no scored call there is no maximum', async () => {
    expect((await qaFilterOptions(db.db)).max_score).toBeNull();
    await upsertQaRecords(db.db, [{ ...qaRecordFixture({ runId: 'r1', callId: 'C-1' }), score: null, maxScore: null, scoreDetail: null }]);
    expect((await qaFilterOptions(db.db)).max_score).toBeNull();
  });

  it('the maximum is the highest max score of any call, across scorecards', async () => {
    await upsertQaRecords(db.db, [
      { ...qaRecordFixture({ runId: 'r2', callId: 'C-2', advisor: 'Alex Wong' }), score: 60, maxScore: 100 },
      { ...qaRecordFixture({ runId: 'r2', callId: 'C-3', advisor: 'Priya Shah' }), score: 30, maxScore: 40 },
    ]);
    const o = await qaFilterOptions(db.db);
    expect(o.max_score).toBe(100);
    expect(o.advisors).toEqual(['Alex Wong', 'Priya Shah']);
  });
});
