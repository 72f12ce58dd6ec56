import { listUsers, findUserByEmail, toPublicUser, type PublicUser } from '../../server/auth/users.ts';
import type { Db } from '../../server/db/client.ts';
import { CHAT_ROLES } from '../../lib/roles.ts';

/** The user a CLI conversation belongs to, or why there is none (a usage error). */
export type ChatUserChoice = { user: PublicUser; source: string } | { error: string };

const mayChat = (u: PublicUser) => !u.disabledAt && CHAT_ROLES.includes(u.role);

/**
 * Who is talking: `--user <email>`, else DCF_CLI_USER, else the only console user who may chat
 * (an enabled compliance manager, workflow designer or admin). The user must exist and may chat
 * — the CLI never creates users; with several candidates and none named, it asks which.
 */
export async function chooseChatUser(db: Db, named: string | undefined, env: NodeJS.ProcessEnv): Promise<ChatUserChoice> {
  const email = named ?? env.DCF_CLI_USER;
  const source = named !== undefined ? '--user' : 'DCF_CLI_USER';
  if (email !== undefined) {
    const row = await findUserByEmail(db, email);
    if (!row)
      return {
        error: `no console user ${email} (${source}); users are made in the console (Settings → Users) or by npm start's demo users`,
      };
    const user = toPublicUser(row);
    if (user.disabledAt) return { error: `the console user ${user.email} is disabled` };
    if (!mayChat(user)) return { error: `${user.email} is a ${user.role}: chat is for ${CHAT_ROLES.join(', ')}` };
    return { user, source };
  }
  const candidates = (await listUsers(db)).filter(mayChat);
  if (candidates.length === 1) return { user: candidates[0]!, source: 'the only user who may chat' };
  if (!candidates.length) {
    return {
      error: `no console user may chat (${CHAT_ROLES.join(', ')}, enabled): create one in the console (Settings → Users), then pass --user <email>`,
    };
  }
  const shown = candidates
    .slice(0, 6)
    .map((u) => u.email)
    .join(', ');
  return {
    error: `say who is talking: --user <email> or DCF_CLI_USER (${candidates.length} users may chat: ${shown}${candidates.length > 6 ? ', …' : ''})`,
  };
}
