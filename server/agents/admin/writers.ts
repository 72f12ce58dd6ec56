/**
 * Who wrote a block revision or acted in a session, as `block_revisions.writer` and
 * `delegation_events.actor` record it (server/delegation/tags.ts writerOf): an agent id, a
 * console user (`user:<id>`), a named part of the system (`system:<name>`), or `platform` for a
 * value the platform held before the host first wrote the block. Pure.
 */
export type Writer =
  | { kind: 'agent'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'system'; name: string }
  | { kind: 'platform' }
  | { kind: 'other'; text: string };

export function parseWriter(writer: string): Writer {
  if (writer === 'platform') return { kind: 'platform' };
  if (writer.startsWith('user:')) return { kind: 'user', id: writer.slice(5) };
  if (writer.startsWith('system:')) return { kind: 'system', name: writer.slice(7) };
  if (writer.startsWith('agent-')) return { kind: 'agent', id: writer };
  return { kind: 'other', text: writer };
}
