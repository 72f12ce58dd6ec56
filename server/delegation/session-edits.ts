import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import { BlockWriteError } from './block-writer.ts';
import { appendLogLine, logLine } from './delegation-log.ts';
import { DelegationError } from './errors.ts';
import type { DelegationHub } from './hub.ts';
import { fitSessionContext, parseSessionContext, renderSessionContext, type SessionContext } from './session-context.ts';

/**
 * The host's writes of a session's shared blocks: session_context (a JSON document, kept under
 * its limit by dropping the oldest completed tasks) and delegation_log (append-only lines).
 * Each is a new block revision; a write over the limit is a clear `invalid_input`.
 */
export async function editSessionContext(
  hub: DelegationHub,
  s: DelegationSessionRow,
  writer: string,
  reason: string,
  edit: (c: SessionContext) => SessionContext,
): Promise<SessionContext> {
  let result: SessionContext | null = null;
  try {
    await hub.blocks.update(
      s.sessionContextBlockId,
      (value) => {
        result = fitSessionContext(edit(parseSessionContext(value, { session_id: s.id, conductor_id: s.conductorId })));
        return renderSessionContext(result);
      },
      writer,
      reason,
    );
  } catch (err) {
    if (err instanceof BlockWriteError)
      throw new DelegationError('invalid_input', `${err.message}: shorten the goals or preferences, or complete tasks first`);
    throw err;
  }
  return result!;
}

export async function readSessionContext(hub: DelegationHub, s: DelegationSessionRow): Promise<SessionContext> {
  const current = await hub.blocks.read(s.sessionContextBlockId);
  return parseSessionContext(current?.value ?? '', { session_id: s.id, conductor_id: s.conductorId });
}

/** Appends one line to the session's delegation_log (the oldest lines leave a full block). */
export async function appendDelegationLog(
  hub: DelegationHub,
  s: DelegationSessionRow,
  writer: string,
  text: string,
  at = new Date(),
): Promise<void> {
  await hub.blocks.update(s.delegationLogBlockId, (value) => appendLogLine(value, logLine(at, text)), writer, 'delegation_log append');
}

/** `[whisper-transcribe@1.0.0, …]` for log lines. */
export const skillList = (uris: readonly string[]) => `[${uris.map((u) => u.replace(/^skill:\/\//, '')).join(', ')}]`;
