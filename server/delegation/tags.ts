import type { Actor } from '../contracts/audit-actor.ts';

/**
 * The DCF+ tag schema (dcf-plus "Standard DCF+ Tag Schema"): `role:{type}`, `session:{id}`,
 * `specialization:{domain}`, `status:{state}`. Tags are how agents are found (Letta lists
 * agents by tags with match-all), so they are kept true as Companions work. Reading and setting
 * one tag of a list: lib/tags.ts.
 */
export const COMPANION_STATUSES = ['idle', 'busy', 'error'] as const;
export type CompanionStatus = (typeof COMPANION_STATUSES)[number];

export const roleTag = (role: 'conductor' | 'companion' | 'strategist') => `role:${role}`;
export const sessionTag = (sessionId: string) => `session:${sessionId}`;

export function companionTags(sessionId: string, specialization: string, status: CompanionStatus = 'idle'): string[] {
  return [roleTag('companion'), sessionTag(sessionId), `specialization:${specialization}`, `status:${status}`];
}

/** Who wrote something, as block revisions and session events record it. */
export function writerOf(actor: Actor): string {
  return actor.kind === 'agent' ? actor.id : `${actor.kind}:${actor.id}`;
}

/** A specialization: lower-case words joined by hyphens (it becomes a tag). */
export const SPECIALIZATION = /^[a-z][a-z0-9-]{0,39}$/;
