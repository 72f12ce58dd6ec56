import type { Actor } from '../contracts/audit-actor.ts';

/**
 * The DCF+ tag schema (dcf-plus "Standard DCF+ Tag Schema"): `role:{type}`, `session:{id}`,
 * `specialization:{domain}`, `status:{state}`. Tags are how agents are found (Letta lists
 * agents by tags with match-all), so they are kept true as Companions work.
 */
export const COMPANION_STATUSES = ['idle', 'busy', 'error'] as const;
export type CompanionStatus = (typeof COMPANION_STATUSES)[number];

export const roleTag = (role: 'conductor' | 'companion' | 'strategist') => `role:${role}`;
export const sessionTag = (sessionId: string) => `session:${sessionId}`;

/** The value of the first tag with this prefix (`status:` → `idle`), or null. */
export function tagValue(tags: readonly string[], prefix: string): string | null {
  const t = tags.find((x) => x.startsWith(prefix));
  return t === undefined ? null : t.slice(prefix.length);
}

/** The tags with the `prefix` tag set to `value` (others kept, order kept, the tag added at the end if absent). */
export function withTag(tags: readonly string[], prefix: string, value: string): string[] {
  const next = `${prefix}${value}`;
  return tags.some((t) => t.startsWith(prefix))
    ? tags.map((t) => (t.startsWith(prefix) ? next : t)).filter((t, i, all) => all.indexOf(t) === i)
    : [...tags, next];
}

export function companionTags(sessionId: string, specialization: string, status: CompanionStatus = 'idle'): string[] {
  return [roleTag('companion'), sessionTag(sessionId), `specialization:${specialization}`, `status:${status}`];
}

/** Who wrote something, as block revisions and session events record it. */
export function writerOf(actor: Actor): string {
  return actor.kind === 'agent' ? actor.id : `${actor.kind}:${actor.id}`;
}

/** A specialization: lower-case words joined by hyphens (it becomes a tag). */
export const SPECIALIZATION = /^[a-z][a-z0-9-]{0,39}$/;
