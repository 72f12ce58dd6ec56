import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { DelegationHub } from '../../delegation/hub.ts';
import { AgentAdminError } from './errors.ts';
import { parseWriter, type Writer } from './writers.ts';

/** One revision of a block, with its writer named for people. */
export interface BlockRevisionView {
  revision: number;
  value: string;
  writer: string;
  writer_kind: Writer['kind'];
  /** `Avery Admin <admin@demo.dcf>`, an agent's name, `system:finalize`, …; the raw writer when it cannot be resolved. */
  writer_label: string;
  reason: string;
  at: string;
}

/**
 * The block's revision history, newest first (host writes only: the delegated-mode tools and
 * admins' edits; an agent's own memory edits appear as the `platform` value recorded before the
 * next host write). Not found only when the platform has no such block and no revision was ever
 * recorded (the history of a deleted block stays readable).
 */
export async function blockHistory(
  hub: DelegationHub,
  db: Db,
  blockId: string,
  limit: number,
): Promise<{ label: string | null; revisions: BlockRevisionView[] }> {
  const [rows, block] = await Promise.all([hub.blocks.revisions(blockId, limit), hub.platform.getBlock(blockId)]);
  if (!rows.length && !block) throw new AgentAdminError('not_found', `no block ${blockId}`);
  const writers = rows.map((r) => parseWriter(r.writer));
  const userIds = [...new Set(writers.flatMap((w) => (w.kind === 'user' ? [w.id] : [])))].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const agentIds = [...new Set(writers.flatMap((w) => (w.kind === 'agent' ? [w.id] : [])))];
  const [people, agents] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, email: users.email, name: users.displayName }).from(users).where(inArray(users.id, userIds))
      : Promise.resolve([]),
    Promise.all(agentIds.map((id) => hub.platform.getAgent(id))),
  ]);
  const person = new Map(people.map((u) => [u.id, `${u.name} <${u.email}>`]));
  const agentName = new Map(agents.flatMap((a) => (a ? [[a.id, a.name] as const] : [])));
  const label = (w: Writer, raw: string): string => {
    if (w.kind === 'user') return person.get(w.id) ?? raw;
    if (w.kind === 'agent') return agentName.get(w.id) ?? raw;
    if (w.kind === 'platform') return 'the platform';
    return raw;
  };
  return {
    label: block?.label ?? rows[0]?.label ?? null,
    revisions: rows.map((r, i) => ({
      revision: r.revision,
      value: r.value,
      writer: r.writer,
      writer_kind: writers[i]!.kind,
      writer_label: label(writers[i]!, r.writer),
      reason: r.reason,
      at: r.at.toISOString(),
    })),
  };
}
