import { describe, expect, it } from 'vitest';
import { bumpVersion, compareVersions, isSemver } from './semver';

describe('compareVersions (the one version order)', () => {
  it.each([
    ['1.0.10', '1.0.9', 1],
    ['1.0.0', '1.0.0', 0],
    ['2.0.0', '10.0.0', -1],
    // The three comparators this replaced disagreed here: one put the rc after the release,
    // one ignored the pre-release, one compared pre-releases as text.
    ['1.0.0-rc.1', '1.0.0', -1],
    ['1.0.0-rc.2', '1.0.0-rc.10', -1],
    ['1.0.0-alpha', '1.0.0-beta', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0+build.9', '1.0.0+build.1', 0],
    ['0.9.0', 'latest', 1],
    ['draft-a', 'draft-b', -1],
  ])('%s vs %s → %i', (a, b, sign) => expect(Math.sign(compareVersions(a, b))).toBe(sign));

  it('sorts a mixed list into release order', () => {
    const list = ['1.0.0', '1.0.0-rc.1', '0.10.0', 'x', '1.0.0-beta', '0.9.1'];
    expect([...list].sort(compareVersions)).toEqual(['x', '0.9.1', '0.10.0', '1.0.0-beta', '1.0.0-rc.1', '1.0.0']);
  });
});

describe('isSemver', () => {
  it.each(['1.2.3', '0.0.0', '1.2.3-rc.1', '1.2.3+b.5'])('accepts %s', (v) => expect(isSemver(v)).toBe(true));
  it.each(['', '1.2', 'v1.2.3', ' 1.2.3', '01.2.3', 5, null])('refuses %j', (v) => expect(isSemver(v)).toBe(false));
});

describe('bumpVersion', () => {
  it.each<[string, 'major' | 'minor' | 'patch', string]>([
    ['1.2.3', 'patch', '1.2.4'],
    ['1.2.3', 'minor', '1.3.0'],
    ['1.2.3', 'major', '2.0.0'],
    ['0.0.0', 'patch', '0.0.1'],
    ['1.2.3+build.5', 'patch', '1.2.4'],
    ['1.2.3-rc.1', 'patch', '1.2.3'],
    ['1.2.3-rc.1', 'minor', '1.3.0'],
    ['1.2.0-rc.1', 'minor', '1.2.0'],
    ['2.0.0-rc.1', 'major', '2.0.0'],
    ['2.1.0-rc.1', 'major', '3.0.0'],
  ])('%s + %s → %s', (version, part, next) => {
    expect(bumpVersion(version, part)).toEqual({ ok: true, version: next });
  });

  it.each(['', '1.2', '1.2.3.4', 'v1.2.3', '01.2.3', '1.2.3-', '1.2.3-01', 'latest', `${Number.MAX_SAFE_INTEGER}.0.0`])(
    'refuses %j',
    (version) => {
      expect(bumpVersion(version, 'major').ok).toBe(false);
    },
  );

  it('refuses only the part that would overflow', () => {
    expect(bumpVersion(`1.${Number.MAX_SAFE_INTEGER}.0`, 'patch')).toEqual({ ok: true, version: `1.${Number.MAX_SAFE_INTEGER}.1` });
    expect(bumpVersion(`1.${Number.MAX_SAFE_INTEGER}.0`, 'minor').ok).toBe(false);
  });
});
