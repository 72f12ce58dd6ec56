import { describe, expect, it } from 'vitest';
import { expectedTicks, missedIntervalTicks } from './missed-fires.ts';

const at = (iso: string) => new Date(iso).getTime();
const MIN = 60_000;

describe('missed fires', () => {
  it('lists the ticks a cron schedule owes in its zone, a tick at the window start included', () => {
    const ticks = expectedTicks(
      { kind: 'cron', pattern: '0 9 * * *', timezone: 'Europe/London' },
      at('2026-06-01T08:00:00Z'),
      at('2026-06-03T07:59:00Z'),
    );
    // 09:00 in London is 08:00 UTC in summer time.
    expect(ticks.map((t) => new Date(t).toISOString())).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-02T08:00:00.000Z']);
  });

  it('counts no miss when an interval schedule fired on time, a little late included', () => {
    const from = at('2026-06-01T10:00:00Z');
    const ticks = [from + 2 * MIN, from + 12 * MIN + 20_000, from + 22 * MIN, from + 32 * MIN];
    expect(missedIntervalTicks(10 * MIN, from, from + 40 * MIN, ticks)).toBe(0);
  });

  it('counts the intervals a gap leaves out, also at the end of the window', () => {
    const from = at('2026-06-01T10:00:00Z');
    // Fired at 0 and 10, then nothing until 50 (20, 30 and 40 missed), then silent for 30 min to the end (70 and 80 − grace: two).
    const ticks = [from, from + 10 * MIN, from + 50 * MIN];
    expect(missedIntervalTicks(10 * MIN, from, from + 80 * MIN, ticks)).toBe(3 + 2);
  });

  it('counts every tick of a window with no run as missed', () => {
    expect(missedIntervalTicks(5 * MIN, 0, 60 * MIN, [])).toBe(11);
  });
});
