import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** A console user as the Companions page names them. */
export interface PersonView {
  id: string;
  name: string;
  email: string;
}

/** The users with these ids, by id (unknown ids are left out: a deleted user). */
export async function peopleById(db: Db, ids: readonly string[]): Promise<Record<string, PersonView>> {
  if (!ids.length) return {};
  const rows = await db
    .select({ id: users.id, name: users.displayName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}
