import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { qaResults } from '../db/schema/index.ts';
import type { QaVerdict } from '../../lib/qa-record.ts';
import { upsertQaRecords } from '../qa/store.ts';
import { qaRecordFixture } from '../qa/testing/fixtures.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';

/**
 * The rollups' triggers never refuse a write the store accepts (a verdict without a rule id or with
 * an odd `mandatory` is counted, not cast), and a TRUNCATE of qa_results empties them too. Their
 * figures against the stored rows are widgets.int.test.ts's subject.
 */
describe(`dashboard rollups (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const teamRules = async () =>
    rowsOf<{ rule_id: string; mandatory: boolean; applied: number; failed: number }>(
      await h.db.execute(sql`select rule_id, mandatory, applied, failed from qa_daily_team_rules where applied > 0 order by rule_id`),
    );

  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.dispose());

  it('counts a verdict without a rule id as rule "?" and a non-boolean mandatory as not mandatory', async () => {
    const r = qaRecordFixture({ fail: ['CD-01'] });
    const odd = { ...r.verdicts[0]!, rule_id: undefined, mandatory: 'yes', verdict: 'fail' } as unknown as QaVerdict;
    await upsertQaRecords(h.db, [{ ...r, verdicts: [...r.verdicts, odd] }]);
    const rules = await teamRules();
    expect(rules.find((x) => x.rule_id === '?')).toEqual({ rule_id: '?', mandatory: false, applied: 1, failed: 1 });
    expect(rules.find((x) => x.rule_id === 'CD-01')).toEqual({ rule_id: 'CD-01', mandatory: false, applied: 1, failed: 1 });
    expect(rules.find((x) => x.rule_id === 'FCA-DISC-01')).toMatchObject({ mandatory: true, applied: 1, failed: 0 });
  });

  it('follows a TRUNCATE of the results', async () => {
    await h.db.execute(sql`truncate ${qaResults} cascade`);
    expect(await teamRules()).toEqual([]);
    const calls = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from qa_daily_calls`));
    expect(calls[0]!.n).toBe(0);
  });
});
