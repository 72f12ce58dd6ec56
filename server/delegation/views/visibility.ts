import type { Role } from '../../../lib/roles.ts';

/** The viewer as visibility needs them. */
export interface Viewer {
  id: string;
  role: Role;
}

/**
 * Who sees a delegated-mode session — on the Companions page, in its live feeds and in the
 * chat's cards: admins every session; anyone else only the sessions they own (the Conductor
 * conversations they started). A session a viewer may not see is answered as if it did not
 * exist (not found, never forbidden), so session ids cannot be probed.
 */
export function maySeeSession(viewer: Viewer, session: { ownerUserId: string | null }): boolean {
  return viewer.role === 'admin' || (session.ownerUserId !== null && session.ownerUserId === viewer.id);
}

/** The owner filter of a session list for this viewer: none for admins, else themselves. */
export const ownerFilterFor = (viewer: Viewer): string | undefined => (viewer.role === 'admin' ? undefined : viewer.id);
