import type { Db } from '../../db/client.ts';
import type { ToolServices } from '../context.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';

/** The database the QA tools read and write, or the `unavailable` failure. */
export async function qaDb(services: ToolServices): Promise<Db | ToolFailure> {
  if (!services.db) return fail('unavailable', 'QA results live in the database, which this context does not provide');
  try {
    return await services.db();
  } catch (err) {
    return fail('unavailable', `cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
  }
}
export const isToolFailure = (x: unknown): x is ToolFailure => typeof x === 'object' && x !== null && (x as ToolFailure).status === 'error';
