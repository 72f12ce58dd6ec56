import { compare, inc, parse, valid } from 'semver';

/**
 * The one version order of the product (server catalog, Planner, editor, run filters), by
 * Semantic Versioning 2.0.0 precedence as npm's `semver` computes it: numeric parts compare as
 * numbers and a pre-release sorts before its release (`1.0.0-rc.1` < `1.0.0`), build metadata is
 * ignored. A string that is not a semantic version sorts before every valid one, then by text,
 * so a stray hand-made version can never outrank a real release.
 */
export function compareVersions(a: string, b: string): number {
  const va = valid(a);
  const vb = valid(b);
  if (va && vb) return compare(va, vb);
  if (va) return 1;
  if (vb) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True for `MAJOR.MINOR.PATCH[-prerelease][+build]`. */
export function isSemver(version: unknown): version is string {
  // `semver.parse` also takes a leading `v`/`=` and surrounding spaces; a stored version may not.
  return typeof version === 'string' && /^\d/.test(version) && version.trim() === version && parse(version) !== null;
}

export type VersionPart = 'major' | 'minor' | 'patch';

/**
 * The next version after `version` for a change of `part`, exactly npm's `semver.inc`: the part
 * goes up by one and the lower parts reset (`1.2.3` → minor → `1.3.0`); a prerelease is released
 * rather than skipped when the lower parts are already zero (`2.0.0-rc.1` → major → `2.0.0`).
 */
export function bumpVersion(version: string, part: VersionPart): { ok: true; version: string } | { ok: false; error: string } {
  if (!isSemver(version)) return { ok: false, error: `"${String(version)}" is not a semantic version (MAJOR.MINOR.PATCH).` };
  const next = inc(version, part);
  if (!next || !next.split('.').every((n) => Number.isSafeInteger(Number(n.split('-')[0])))) {
    return { ok: false, error: `The ${part} number of ${version} is too large to bump.` };
  }
  return { ok: true, version: next };
}
