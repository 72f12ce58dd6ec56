import { describe, expect, it } from 'vitest';
import { validateAslStructure } from './validate-asl.ts';
import { listFixtures, loadFixture } from '../__fixtures__/load.ts';
import { DIALECT_CODE, DISAGREEMENTS, REJECTED_BY } from '../__fixtures__/asl-corpus.expectations.ts';

/**
 * The asl-validator corpus (112 definitions, prefix = expected verdict) through our ASL rules.
 * The floor sits just under the current figure (97/112): a regression fails, an improvement
 * shows up as a stale DISAGREEMENTS entry to remove.
 */
const MIN_AGREEMENT = 0.86;

interface Outcome {
  file: string;
  expectedValid: boolean;
  codes: string[];
  firstError?: string;
}

const outcomes: Outcome[] = listFixtures('asl-corpus').map((file) => {
  const errors = validateAslStructure(loadFixture(`asl-corpus/${file}`), '/asl');
  return {
    file,
    expectedValid: file.startsWith('valid-'),
    codes: errors.map((e) => e.code),
    firstError: errors[0] && `${errors[0].code} at ${errors[0].path}: ${errors[0].message}`,
  };
});
const agrees = (o: Outcome) => (o.codes.length === 0) === o.expectedValid;

describe('ASL corpus (asl-validator definitions)', () => {
  it('has all 112 definitions', () => {
    expect(outcomes).toHaveLength(112);
  });

  it('agrees with the expected verdicts at or above the floor', () => {
    const agreed = outcomes.filter(agrees);
    const byDialect = agreed.filter((o) => !o.expectedValid && REJECTED_BY[o.file] === DIALECT_CODE);
    const rate = agreed.length / outcomes.length;
    const lines = [
      `ASL corpus agreement: ${agreed.length}/${outcomes.length} (${(rate * 100).toFixed(1)}%)` +
        ` — of which ${byDialect.length} invalid files rejected by the dialect rule (JSONata unsupported)`,
      ...outcomes
        .filter((o) => !agrees(o))
        .map((o) => {
          const why = DISAGREEMENTS[o.file] ?? `UNDOCUMENTED — ${o.firstError ?? 'no rule fired'}`;
          return `  ${o.file} (expected ${o.expectedValid ? 'valid' : 'invalid'}): ${why}`;
        }),
    ];
    console.log(lines.join('\n'));
    expect(rate).toBeGreaterThanOrEqual(MIN_AGREEMENT);
  });

  it('documents every disagreement, and only current ones', () => {
    const disagreeing = outcomes.filter((o) => !agrees(o)).map((o) => o.file);
    expect(disagreeing).toEqual(Object.keys(DISAGREEMENTS).sort());
  });

  it.each(outcomes.filter((o) => !o.expectedValid && agrees(o)))('rejects $file by the intended rule', (o) => {
    expect(o.codes).toContain(REJECTED_BY[o.file]);
  });
});
