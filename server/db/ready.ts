import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Whether the database answers a trivial query now: a durable stream's consumer asks it after a
 * write failed, to tell "this entry cannot be written" from "nothing can be written" (the second
 * must not count against the entry; server/redis/stream-consumer.ts).
 */
export async function databaseReady(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
