import { describe, expect, it } from 'vitest';
import { FaultInjector, parseFaults } from './faults.ts';

const draw = (inj: FaultInjector, skill: string, n: number) => Array.from({ length: n }, () => inj.decide(skill).kind);
const share = (kinds: string[], kind: string) => kinds.filter((k) => k === kind).length / kinds.length;

describe('demo fault injection', () => {
  it('draws failures and timeouts at the configured rates (10,000 seeded draws, ±2 points)', () => {
    const inj = new FaultInjector(parseFaults({ 'whisper-transcribe': { failure_rate: 0.2, timeout_rate: 0.1 } }), 42);
    const kinds = draw(inj, 'whisper-transcribe', 10_000);
    expect(share(kinds, 'fail')).toBeGreaterThan(0.18);
    expect(share(kinds, 'fail')).toBeLessThan(0.22);
    expect(share(kinds, 'timeout')).toBeGreaterThan(0.08);
    expect(share(kinds, 'timeout')).toBeLessThan(0.12);
  });

  it('is reproducible per seed, independent per skill, and leaves other skills alone', () => {
    const faults = parseFaults({ scoring: { failure_rate: 0.5 }, 'gpt4o-diarize': { failure_rate: 0.5 } });
    const a = new FaultInjector(faults, 7);
    const b = new FaultInjector(faults, 7);
    draw(b, 'gpt4o-diarize', 13); // another skill's traffic does not shift scoring's sequence
    expect(draw(a, 'scoring', 50)).toEqual(draw(b, 'scoring', 50));
    expect(draw(new FaultInjector(faults, 8), 'scoring', 50)).not.toEqual(draw(new FaultInjector(faults, 7), 'scoring', 50));
    expect(new Set(draw(a, 'sentiment-analysis', 100))).toEqual(new Set(['ok']));
  });

  it('always fails at rate 1, adds latency, and can be changed at run time', () => {
    const inj = new FaultInjector(parseFaults({ scoring: { timeout_rate: 1, latency_ms: 250 } }), 1);
    expect(inj.decide('scoring')).toEqual({ kind: 'timeout', latencyMs: 250 });
    inj.update(parseFaults({ 'whisper-transcribe': { failure_rate: 1 } }));
    expect(inj.state().faults).toEqual({ scoring: { timeout_rate: 1, latency_ms: 250 }, 'whisper-transcribe': { failure_rate: 1 } });
    inj.update({}, { replace: true, seed: 9 });
    expect(inj.state()).toEqual({ faults: {}, seed: 9 });
    expect(inj.decide('scoring')).toEqual({ kind: 'ok', latencyMs: 0 });
  });

  it('rejects unknown skills, rates out of range and unknown keys', () => {
    expect(() => parseFaults({ whisper: { failure_rate: 0.1 } })).toThrow(/unknown demo skill "whisper"/);
    expect(() => parseFaults({ scoring: { failure_rate: 1.5 } })).toThrow(/scoring\.failure_rate/);
    expect(() => parseFaults({ scoring: { failure_rate: 0.6, timeout_rate: 0.6 } })).toThrow(/must not exceed 1/);
    expect(() => parseFaults({ scoring: { fail_rate: 0.1 } })).toThrow(/fail_rate/);
    expect(parseFaults(undefined)).toEqual({});
  });
});
