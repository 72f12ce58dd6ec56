import type { AgentPlatform } from '../../server/contracts/agent-platform.ts';
import type { PublicUser } from '../../server/auth/users.ts';
import { ConversationNotFound, createConversation, getConversation, type ChatMode } from '../../server/chat/conversations.ts';
import type { Db } from '../../server/db/client.ts';
import type { ConversationRow } from '../../server/db/schema/chat.ts';
import type { ToolServices } from '../../server/contracts/tool-services.ts';

export interface ConversationRequest {
  /** `--agent`; optional when continuing a conversation (it keeps its own). */
  mode?: ChatMode;
  /** `--conversation <id>`: continue that conversation of the user. */
  id?: string;
}

/**
 * The conversation a `dcf chat` message goes to: the user's conversation `id` (it must be theirs,
 * of the mode asked for, and on the platform this process runs), or a new one of `mode` — made as
 * the console makes it (its own agent; a Conductor's delegated-mode session at once).
 */
export async function openConversation(
  db: Db,
  platform: AgentPlatform,
  user: PublicUser,
  req: ConversationRequest,
  clock: string | undefined,
  services: ToolServices,
): Promise<{ row: ConversationRow; created: boolean } | { error: string }> {
  if (!req.id) return { row: await createConversation(db, platform, user, req.mode!, clock, services), created: true };
  let row: ConversationRow;
  try {
    row = await getConversation(db, user.id, req.id);
  } catch (err) {
    if (err instanceof ConversationNotFound) return { error: `${user.email} has no conversation ${req.id}` };
    throw err;
  }
  if (req.mode && row.mode !== req.mode) return { error: `conversation ${row.id} is a ${row.mode} conversation, not a ${req.mode} one` };
  if (row.platform !== platform.kind)
    return { error: `conversation ${row.id} lives on the ${row.platform} agent platform; this configuration runs ${platform.kind}` };
  return { row, created: false };
}
