import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { leaseTiming } from './lease-timing.ts';

describe('lease timing', () => {
  it("by default: a 15 s lease renewed every 5 s, BullMQ in step, a dead holder's state re-notified within 20 s", () => {
    const config = loadConfig({}, '/srv/dcf');
    expect(config.execution.leaseTtlS).toBe(15);
    const t = leaseTiming(config.execution.leaseTtlS);
    expect(t).toEqual({
      ttlS: 15,
      renewEveryMs: 5_000,
      lockDurationMs: 15_000,
      stalledIntervalMs: 5_000,
      sweepEveryMs: 1_500,
      recoveryBoundMs: 16_500,
    });
    expect(t.recoveryBoundMs).toBeLessThan(20_000);
  });

  it('follows DCF_LEASE_TTL_S: short leases in tests, long ones clamp the sweep at 5 s', () => {
    expect(leaseTiming(2)).toEqual({
      ttlS: 2,
      renewEveryMs: 666,
      lockDurationMs: 2_000,
      stalledIntervalMs: 666,
      sweepEveryMs: 250,
      recoveryBoundMs: 2_250,
    });
    expect(leaseTiming(1).sweepEveryMs).toBe(250);
    expect(leaseTiming(120)).toMatchObject({ renewEveryMs: 40_000, lockDurationMs: 120_000, sweepEveryMs: 5_000 });
  });

  it('the Map limits default to 10,000 items and batches of 500, and are validated', () => {
    expect(loadConfig({}, '/x').execution).toMatchObject({ mapMaxItems: 10_000, mapBatchSize: 500 });
    const set = loadConfig({ DCF_MAP_MAX_ITEMS: '50', DCF_MAP_BATCH_SIZE: '7' }, '/x');
    expect(set.execution).toMatchObject({ mapMaxItems: 50, mapBatchSize: 7 });
    expect(() => loadConfig({ DCF_MAP_BATCH_SIZE: '0' }, '/x')).toThrow(/DCF_MAP_BATCH_SIZE/);
    expect(() => loadConfig({ DCF_MAP_MAX_ITEMS: 'many' }, '/x')).toThrow(/DCF_MAP_MAX_ITEMS/);
  });
});
