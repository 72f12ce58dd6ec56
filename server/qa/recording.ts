import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { qaResults } from '../db/schema/index.ts';

/**
 * The recording a QA result's transcript was made from (its recording_uri): undefined when there
 * is no such result, null when the result predates issue 34 and does not name it.
 */
export async function qaRecordingUri(db: Db, id: string): Promise<string | null | undefined> {
  const [row] = await db.select({ transcript: qaResults.transcript }).from(qaResults).where(eq(qaResults.id, id));
  if (!row) return undefined;
  return row.transcript.recording_uri ?? null;
}
