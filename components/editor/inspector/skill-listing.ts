import { formatLatency, formatRate, totalUses } from '@/components/skills/reliability-format';
import type { Reliability } from '@/components/skills/reliability-types';

/** How the skill picker lists catalog skills. */

/**
 * A skill's reliability: the recent window's figures when it has uses, else all-time (as the
 * canvas chips do), and which of the two it is.
 */
export function figuresText(recent: Reliability | undefined, allTime: Reliability | undefined): string {
  const [r, window] = recent && totalUses(recent) > 0 ? [recent, 'recent'] : [allTime, 'all-time'];
  if (!r || totalUses(r) === 0) return 'no runs yet';
  return `${formatRate(r.success_rate)} success, p95 ${formatLatency(r.p95_latency_ms)} (${window}, ${totalUses(r)} ${totalUses(r) === 1 ? 'use' : 'uses'})`;
}

/** The capability of a catalog skill: its first tag (alternatives share it). */
export const capabilityOf = (tags: readonly string[]) => tags[0] ?? null;

/** What the picker searches in a catalog skill. */
type Searchable = { skillName: string; skillVersion: string; description: string | null; tags: readonly string[] };

/** Catalog skills matching every word of `query` (name@version, description, tags; case-insensitive). */
export function filterSkills<S extends Searchable>(skills: readonly S[], query: string): S[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return skills.filter((s) => {
    const text = `${s.skillName}@${s.skillVersion} ${s.description ?? ''} ${s.tags.join(' ')}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
