import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { listQaPage } from './query.ts';
import { upsertQaRecords } from './store.ts';
import { qaRecordFixture } from './testing/fixtures.ts';

/**
 * The queue's call id filter ignores case (issue 30: id formats come from the lender's data): a
 * lender whose call ids are lower case is found whichever way the id is typed, and an id that only
 * begins another is not a match.
 */
describe(`the QA queue's call id filter (${testDbKind()})`, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await upsertQaRecords(db.db, [
      qaRecordFixture({
        runId: 'run-a',
        callId: 'call-25-000120',
        advisor: 'Rhys ap Gwilym',
        callAt: '2025-03-04T10:00:00.000Z',
        fail: [],
      }),
      qaRecordFixture({
        runId: 'run-a',
        callId: 'call-25-0001201',
        advisor: 'Rhys ap Gwilym',
        callAt: '2025-03-05T10:00:00.000Z',
        fail: [],
      }),
      qaRecordFixture({ runId: 'run-b', callId: 'REC-1001', advisor: 'Alex Wong', callAt: '2024-07-02T10:00:00.000Z', fail: [] }),
    ]);
  });
  afterAll(() => db.dispose());

  const calls = async (call_id: string) =>
    (await listQaPage(db.db, { filter: { call_id }, sort: { by: 'call_at', dir: 'asc' }, limit: 10 })).items.map((i) => i.callId);

  it.each([
    ['call-25-000120', ['call-25-000120']],
    ['CALL-25-000120', ['call-25-000120']],
    ['Call-25-000120', ['call-25-000120']],
    ['rec-1001', ['REC-1001']],
    ['REC-1001', ['REC-1001']],
    ['CALL-25-00012', []],
  ])('%s', async (typed, found) => {
    expect(await calls(typed)).toEqual(found);
  });
});
