/** Sizes in the "Memory files" tab, en-GB: "512 bytes", "1.5 KiB", "32 MiB" (binary units). Pure. */
export function bytesText(n: number): string {
  if (n < 1024) return `${n.toLocaleString('en-GB')} ${n === 1 ? 'byte' : 'bytes'}`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

/** The share of the quota in use, 0–100, rounded up so any use shows. */
export function quotaPercent(used: number, quota: number): number {
  if (quota <= 0) return 0;
  return Math.min(100, Math.ceil((used / quota) * 100));
}

/** The folder part of a memory-file path ("" at the top level) and its name, for grouping the list. */
export function splitPath(p: string): { folder: string; name: string } {
  const cut = p.lastIndexOf('/');
  return cut < 0 ? { folder: '', name: p } : { folder: p.slice(0, cut), name: p.slice(cut + 1) };
}
