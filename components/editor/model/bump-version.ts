/** A Semantic Versioning 2.0.0 version: `MAJOR.MINOR.PATCH[-prerelease][+build]`. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

export type VersionPart = 'major' | 'minor' | 'patch';

/**
 * The next version after `version` for a change of `part`, as npm's `semver.inc` computes it:
 * the part goes up by one and the lower parts reset (`1.2.3` → minor → `1.3.0`). A prerelease is
 * released rather than skipped when the lower parts are already zero (`2.0.0-rc.1` → major →
 * `2.0.0`; `1.2.3-rc.1` → patch → `1.2.3`). Build metadata is dropped. Refuses anything that is
 * not a semantic version.
 */
export function bumpVersion(version: string, part: VersionPart): { ok: true; version: string } | { ok: false; error: string } {
  const m = typeof version === 'string' ? SEMVER.exec(version) : null;
  if (!m) return { ok: false, error: `"${String(version)}" is not a semantic version (MAJOR.MINOR.PATCH).` };
  let [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const pre = m[4] !== undefined;
  if (!Number.isSafeInteger({ major, minor, patch }[part] + 1)) return { ok: false, error: `The ${part} number of ${version} is too large to bump.` };
  if (part === 'major') {
    if (!(pre && minor === 0 && patch === 0)) major++;
    [minor, patch] = [0, 0];
  } else if (part === 'minor') {
    if (!(pre && patch === 0)) minor++;
    patch = 0;
  } else if (!pre) {
    patch++;
  }
  return { ok: true, version: `${major}.${minor}.${patch}` };
}
