import type { ToolServices } from '../../contracts/tool-services.ts';
import type { Db } from '../../db/client.ts';
import type { Outcome } from '../../calibration/outcome.ts';
import { fail, ok, type ToolFailure, type ToolResult } from '../../tool-result.ts';

/** The database the calibration tools use, or the `unavailable` failure. */
export async function calibrationDb(services: ToolServices): Promise<Db | ToolFailure> {
  if (!services.db) return fail('unavailable', 'calibration sessions live in the database, which this context does not provide');
  try {
    return await services.db();
  } catch (err) {
    return fail('unavailable', `cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export const isDbFailure = (x: Db | ToolFailure): x is ToolFailure => (x as ToolFailure).status === 'error';

/** A calibration outcome as a tool result: its value through `shape`, or its failure. */
export function resultOf<T, O extends object>(o: Outcome<T>, shape: (v: T) => O): ToolResult<O> {
  return o.ok ? ok(shape(o.value)) : fail(o.code, o.message);
}
