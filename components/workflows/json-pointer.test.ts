import { describe, expect, it } from 'vitest';
import { locatePointer, stateChain } from './json-pointer';
import { pointerTokens } from '@/lib/json-pointer';
import { parseJsonWithSourceMap } from './json-source-map';

describe('pointerTokens', () => {
  it('splits and unescapes (RFC 6901), rejecting non-pointers', () => {
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('/a~1b/~0c/0')).toEqual(['a/b', '~c', '0']);
    expect(pointerTokens('/')).toEqual(['']);
    expect(pointerTokens('a/b')).toBeNull();
  });
});

describe('locatePointer', () => {
  const text = '{"asl": {"States": {"A": {"Next": "B"}}}, "": {"x": 1}}';
  const parsed = parseJsonWithSourceMap(text);
  if (!parsed.ok) throw new Error('fixture must parse');

  it('finds an existing member exactly', () => {
    const hit = locatePointer(parsed.locations, '/asl/States/A/Next')!;
    expect(hit).toMatchObject({ found: '/asl/States/A/Next', exact: true });
    expect(text.slice(hit.location.key!.start, hit.location.key!.end)).toBe('"Next"');
  });

  it('falls back to the nearest existing ancestor for a missing member', () => {
    expect(locatePointer(parsed.locations, '/asl/States/A/Parameters/x')).toMatchObject({ found: '/asl/States/A', exact: false });
    expect(locatePointer(parsed.locations, '/workflow_name')).toMatchObject({ found: '', exact: false });
  });

  it('treats the empty key as a real member, distinct from the root', () => {
    expect(locatePointer(parsed.locations, '//x')).toMatchObject({ found: '//x', exact: true });
  });

  it('returns null for a string that is not a pointer', () => {
    expect(locatePointer(parsed.locations, 'asl')).toBeNull();
  });
});

describe('stateChain', () => {
  it('names the state of top-level, Parallel branch and Map item-processor positions', () => {
    expect(stateChain('/asl/States/GetCallRecordings/Next')).toEqual(['GetCallRecordings']);
    expect(stateChain('/asl/States/P/Branches/0/States/S/Parameters/x')).toEqual(['P', 'S']);
    expect(stateChain('/asl/States/M/ItemProcessor/States/Inner')).toEqual(['M', 'Inner']);
    expect(stateChain('/asl/States/M/Iterator/States/Old/Type')).toEqual(['M', 'Old']);
    expect(stateChain('/asl/States/P/Branches/0')).toEqual(['P']);
  });

  it('ignores positions outside the state machine and look-alike keys', () => {
    expect(stateChain('/workflow_name')).toEqual([]);
    expect(stateChain('/asl/StartAt')).toEqual([]);
    expect(stateChain('/asl/States')).toEqual([]);
    expect(stateChain('/asl/States/T/Parameters/States/Fake')).toEqual(['T']);
    expect(stateChain('/asl/States/a~1b/Next')).toEqual(['a/b']);
  });
});
