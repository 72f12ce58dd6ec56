import { describe, expect, it } from 'vitest';
import { kappaText, percentText, sampleText } from './format';

describe('calibration figures in words', () => {
  it('percent to one place, kappa to two, a dash where there is nothing to state; thin says why', () => {
    expect(percentText(0.8333)).toBe('83.3%');
    expect(percentText(null)).toBe('—');
    expect(kappaText(0.4)).toBe('0.40');
    expect(kappaText(null)).toBe('—');
    expect(sampleText({ n: 3, percent: 1, kappa: null, thin: true }, 10)).toBe('n = 3 — thin (under 10)');
    expect(sampleText({ n: 12, percent: 1, kappa: null, thin: false }, 10)).toBe('n = 12');
  });
});
