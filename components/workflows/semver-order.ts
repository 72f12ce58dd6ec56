/**
 * Semver order for the browser (x.y.z numerically; a pre-release sorts before its release), the
 * same order as the server's compareVersions (server/workflows/store.ts) for x.y.z versions.
 */
export function compareVersionStrings(a: string, b: string): number {
  const [ma, pa] = splitPre(a);
  const [mb, pb] = splitPre(b);
  const na = ma.split('.').map(Number);
  const nb = mb.split('.').map(Number);
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    const d = (na[i] ?? 0) - (nb[i] ?? 0);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  if (pa === pb) return a.localeCompare(b);
  if (pa === null) return 1;
  if (pb === null) return -1;
  return pa.localeCompare(pb);
}

function splitPre(v: string): [string, string | null] {
  const i = v.indexOf('-');
  return i < 0 ? [v, null] : [v.slice(0, i), v.slice(i + 1)];
}
