import { describe, expect, it } from 'vitest';
import { instantMicros } from '../db/rows.ts';
import type { QaReviewActionRow } from '../db/schema/index.ts';
import { reviewState } from './review-state.ts';

const action = (kind: QaReviewActionRow['kind'], createdAt: string, extra: Partial<QaReviewActionRow> = {}): QaReviewActionRow =>
  ({
    id: `${kind}-${createdAt}`,
    kind,
    createdAt,
    userId: 'u1',
    ruleId: null,
    mandatory: false,
    decision: null,
    ...extra,
  }) as QaReviewActionRow;

describe('instantMicros', () => {
  it('orders PostgreSQL text by instant: trimmed fractions, whole seconds, other offsets, ISO', () => {
    expect(instantMicros('2026-11-29 14:50:01+00')).toBeLessThan(instantMicros('2026-11-29 14:50:01.5+00'));
    expect(instantMicros('2026-11-29 14:50:01.5+00')).toBeGreaterThan(instantMicros('2026-11-29 14:50:01.499999+00'));
    expect(instantMicros('2026-11-29 14:50:01.000001+00') - instantMicros('2026-11-29 14:50:01+00')).toBe(1);
    expect(instantMicros('2026-07-01 10:30:00+01')).toBeLessThan(instantMicros('2026-07-01 09:40:00+00'));
    expect(instantMicros('2026-11-29T14:50:01.250Z')).toBe(instantMicros('2026-11-29 14:50:01.25+00'));
  });
});

describe('reviewState', () => {
  it('a decision after a sign-off voids it, even when the sign-off is on a whole second and the decision in its fraction', () => {
    const signOff = action('sign_off', '2026-11-29 14:50:01+00');
    const decision = action('rule', '2026-11-29 14:50:01.5+00', { ruleId: 'R1', decision: 'agree', userId: 'u2' });
    expect(reviewState([decision, signOff]).status).toBe('in_review');
    expect(reviewState([signOff, decision]).signOffs).toEqual([]);
  });

  it('a sign-off after the last decision counts; an override of a mandatory rule needs two people', () => {
    const decision = action('rule', '2026-11-29 14:50:01.5+00', { ruleId: 'R1', decision: 'override', mandatory: true });
    const first = action('sign_off', '2026-11-29 14:50:02+00');
    const second = action('sign_off', '2026-11-29 14:50:03+00', { userId: 'u2' });
    expect(reviewState([decision, first]).status).toBe('awaiting_second_signoff');
    expect(reviewState([second, decision, first]).status).toBe('signed_off');
  });
});
