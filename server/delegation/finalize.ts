import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Actor } from '../contracts/audit-actor.ts';
import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import { dismissCompanion, requireConductorActor, sessionCompanions } from './companions.ts';
import { DelegationError } from './errors.ts';
import { recordEvent, type DelegationHub } from './hub.ts';
import { currentSession } from './current-session.ts';
import { blocksOf } from './sessions.ts';
import { writerOf } from './tags.ts';

/** Where session archives go: `DCF_DATA_DIR/sessions/`. */
export const archiveRoot = (dataDir: string) => path.join(dataDir, 'sessions');

/**
 * The archive folder for a session: `archive_path` when given (relative to the archive root, or
 * absolute), else `<root>/<session_id>/`. Anything that resolves outside the root is refused.
 */
export function archiveDir(dataDir: string, sessionId: string, requested?: string): string {
  const root = path.resolve(archiveRoot(dataDir));
  const dir = path.resolve(root, requested ?? sessionId);
  if (dir !== root && !dir.startsWith(root + path.sep))
    throw new DelegationError('forbidden', `archive_path must be inside ${root} (DCF_DATA_DIR/sessions); ${requested} is not`);
  if (dir === root) throw new DelegationError('invalid_input', `archive_path must name a folder inside ${root}, not the root itself`);
  return dir;
}

/**
 * finalize_session: every Companion dismissed (skills unloaded, shared blocks detached; deleted
 * unless `delete_companions` is false), the session archived as JSON files (blocks with their
 * revisions, the activity, tasks and results, the agents' messages), the shared blocks detached
 * from the Conductor and deleted, the Strategist deleted, the Conductor no longer tagged with the
 * session, and the session marked finalized.
 */
export async function finalizeSession(
  hub: DelegationHub,
  actor: Actor,
  args: { session_id: string; conductor_id: string; delete_companions: boolean; archive: boolean; archive_path?: string },
): Promise<{ companions_dismissed: number; blocks_cleaned: number; archive_path: string | null }> {
  const session = await currentSession(hub, args.session_id);
  if (session.conductorId !== args.conductor_id)
    throw new DelegationError('conflict', `session ${session.id} is conducted by ${session.conductorId}, not ${args.conductor_id}`);
  requireConductorActor(actor, session, 'finalize the session');
  const dir = args.archive ? archiveDir(hub.config.dataDir, session.id, args.archive_path) : null;
  const writer = writerOf(actor);
  const companions = await sessionCompanions(hub, session.id);
  if (dir)
    await writeArchive(
      hub,
      session,
      companions.map((c) => c.id),
      dir,
    );
  let dismissed = 0;
  for (const c of companions) {
    if (args.delete_companions)
      await dismissCompanion(hub, actor, {
        companion_id: c.id,
        unload_skills: true,
        detach_shared_blocks: true,
        reason: 'session finalized',
      });
    else await detachShared(hub, session, c.id);
    dismissed += 1;
  }
  let cleaned = 0;
  for (const blockId of Object.values(blocksOf(session))) {
    for (const holder of await hub.platform.listBlockAgents(blockId).catch(() => []))
      await hub.platform.detachBlock(holder, blockId).catch(() => undefined);
    if (await hub.platform.deleteBlock(blockId).catch(() => false)) cleaned += 1;
  }
  if (session.strategistId) await hub.platform.deleteAgent(session.strategistId).catch(() => false);
  const conductor = await hub.platform.getAgent(session.conductorId);
  if (conductor)
    await hub.platform.setTags(
      conductor.id,
      conductor.tags.filter((t) => t !== `session:${session.id}`),
    );
  await hub.store.updateSession(session.id, { status: 'finalized', finalizedAt: new Date(), archivePath: dir, strategistId: null });
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'session_finalized',
    actor: writer,
    payload: { companions_dismissed: dismissed, blocks_cleaned: cleaned, archive_path: dir, companions_deleted: args.delete_companions },
  });
  return { companions_dismissed: dismissed, blocks_cleaned: cleaned, archive_path: dir };
}

async function detachShared(hub: DelegationHub, session: DelegationSessionRow, companionId: string): Promise<void> {
  for (const blockId of Object.values(blocksOf(session))) await hub.platform.detachBlock(companionId, blockId).catch(() => undefined);
}

/** session.json, blocks.json (current values and revisions), tasks.json, activity.json, messages/<agent>.json. */
async function writeArchive(hub: DelegationHub, session: DelegationSessionRow, companionIds: string[], dir: string): Promise<void> {
  await mkdir(path.join(dir, 'messages'), { recursive: true });
  const json = (name: string, value: unknown) => writeFile(path.join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
  const blocks: Record<string, unknown> = {};
  for (const [label, id] of Object.entries(blocksOf(session))) {
    const current = await hub.blocks.read(id);
    blocks[label] = {
      block_id: id,
      value: current?.value ?? null,
      revisions: (await hub.blocks.revisions(id, 1000))
        .reverse()
        .map((r) => ({ revision: r.revision, value: r.value, writer: r.writer, reason: r.reason, at: r.at.toISOString() })),
    };
  }
  await json('session.json', { ...session, archived_at: new Date().toISOString(), companions: companionIds });
  await json('blocks.json', blocks);
  await json('tasks.json', await hub.store.tasks(session.id));
  await json('activity.json', await hub.store.events(session.id));
  for (const agentId of [session.conductorId, ...(session.strategistId ? [session.strategistId] : []), ...companionIds]) {
    const messages = await hub.platform.listMessages(agentId, { limit: 2000 }).catch(() => []);
    await writeFile(
      path.join(dir, 'messages', `${agentId.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`),
      `${JSON.stringify(messages, null, 2)}\n`,
    );
  }
}
