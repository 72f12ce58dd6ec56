import type { Actor } from '../contracts/audit-actor.ts';
import type { ToolErrorCode } from '../tool-result.ts';
import { QA_REVIEWERS, type Role } from '../../lib/roles.ts';

/**
 * What a calibration operation returns: its value, or an expected failure with a tool error code
 * (the tools pass it on as `fail(code, message)`).
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: ToolErrorCode; message: string };
export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = <T = never>(code: ToolErrorCode, message: string): Outcome<T> => ({ ok: false, code, message });

/**
 * Who leads a calibration session (creates it, closes it, writes its notes) and who may be one of
 * its reviewers: the QA reviewer roles (compliance managers and admins). Stakeholders read the QA
 * results but take no part in calibration.
 */
export const CALIBRATION_LEADS: readonly Role[] = QA_REVIEWERS;
export const CALIBRATION_REVIEWERS: readonly Role[] = QA_REVIEWERS;

export type UserActor = Extract<Actor, { kind: 'user' }>;

/** A signed-in person in a lead role, or why not: agents and scripts read calibration, people run it. */
export function leadOf(actor: Actor): Outcome<UserActor> {
  if (actor.kind !== 'user')
    return refuse('forbidden', 'calibration sessions are run by people signed in to the console; agents and scripts may only read them');
  if (!CALIBRATION_LEADS.includes(actor.role)) return refuse('forbidden', 'only compliance managers and admins lead calibration sessions');
  return done(actor);
}

/** Whoever reads a session's figures: anyone but a stakeholder (agents and scripts too, for the chat). */
export function readerOf(actor: Actor): Outcome<Actor> {
  if (actor.kind === 'anonymous') return refuse('forbidden', 'sign in to read calibration sessions');
  if (actor.kind === 'user' && !CALIBRATION_REVIEWERS.includes(actor.role))
    return refuse('forbidden', 'calibration sessions are for compliance managers and admins');
  return done(actor);
}

/** A stored timestamp as an ISO instant (server/db/rows.ts). */
export { isoInstant as isoOf } from '../db/rows.ts';
