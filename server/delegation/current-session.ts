import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import type { DelegationHub } from './hub.ts';
import { requireSession } from './sessions.ts';

/**
 * A session as it stands now, for a read or a decision. On Letta the Companions' messages reach
 * the console only through the Conductor's history, so it is read first (letta-sync.ts); if Letta
 * cannot be reached the session is answered as last synced (and the failure logged). On the local
 * runtime the gate has already recorded everything: nothing to read.
 */
export async function currentSession(
  hub: DelegationHub,
  sessionId: string,
  opts: { allowFinalized?: boolean } = {},
): Promise<DelegationSessionRow> {
  const session = await requireSession(hub, sessionId, opts);
  await syncLetta(hub, session);
  return session;
}

export async function syncLetta(hub: DelegationHub, session: DelegationSessionRow): Promise<void> {
  if (session.platform !== 'letta' || session.status !== 'active') return;
  try {
    const { syncSessionFromHistory } = await import('./letta-sync.ts');
    await syncSessionFromHistory(hub, session);
  } catch (err) {
    hub.log.warn({ err, session: session.id }, 'could not read the Conductor’s Letta history; answering from the last sync');
  }
}
