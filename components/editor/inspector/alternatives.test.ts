import { describe, expect, it } from 'vitest';
import { getAt } from '../model/pointer-access';
import { currentAlternative, switchAlternative } from './alternatives';

const WAIT = ['Seconds', 'Timestamp', 'SecondsPath', 'TimestampPath'];
const doc = { asl: { StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 5, Next: 'X' }, X: { Type: 'Succeed' } } } };
const W = '/asl/States/W';

describe('currentAlternative', () => {
  it('names the first alternative present, or null', () => {
    expect(currentAlternative({ Seconds: 1 }, WAIT)).toBe('Seconds');
    expect(currentAlternative({ TimestampPath: '$.t', Seconds: 1 }, WAIT)).toBe('Seconds');
    expect(currentAlternative({}, WAIT)).toBeNull();
  });
});

describe('switchAlternative', () => {
  it('replaces one form by another, keeping the rest of the state', () => {
    const r = switchAlternative(doc, W, WAIT, 'TimestampPath', '$.until');
    expect(r.ok && getAt(r.doc, W)).toEqual({ Type: 'Wait', Next: 'X', TimestampPath: '$.until' });
  });
  it('keeps the value of the chosen form when it is there, and drops duplicates', () => {
    const both = { asl: { StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 5, SecondsPath: '$.s', End: true } } } };
    const r = switchAlternative(both, W, WAIT, 'SecondsPath', '$.x');
    expect(r.ok && getAt(r.doc, W)).toEqual({ Type: 'Wait', SecondsPath: '$.s', End: true });
  });
  it('removes every form for none', () => {
    const r = switchAlternative(doc, W, WAIT, null, undefined);
    expect(r.ok && getAt(r.doc, W)).toEqual({ Type: 'Wait', Next: 'X' });
  });
  it('refuses a field the type does not allow and an unknown state', () => {
    expect(switchAlternative(doc, W, ['Seconds', 'Error'], 'Error', 'E')).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(switchAlternative(doc, '/asl/States/Q', WAIT, 'Seconds', 1)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
