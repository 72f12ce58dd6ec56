/**
 * A 32-bit seed from a string (FNV-1a), so that a Monte Carlo estimate over one record is the
 * same on every run and machine: the seed comes from the record id, never from the clock.
 */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
