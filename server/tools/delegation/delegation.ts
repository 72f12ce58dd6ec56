import type { z } from 'zod';
import type { DelegationHub } from '../../delegation/hub.ts';
import { DelegationError } from '../../delegation/errors.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { inputIssues } from '../invoke.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';

/**
 * What the delegated-mode tools share: reaching the delegation hub (the agent platform and the
 * database), turning expected failures into error envelopes, and reading the spec's `*_json`
 * string parameters.
 */
export async function withHub<T>(services: ToolServices, work: (hub: DelegationHub) => Promise<T>): Promise<T | ToolFailure> {
  if (!services.agents)
    return fail(
      'unavailable',
      'delegated mode needs the agent platform, which this context does not provide (run it in the console, over MCP, or with dcf chat)',
    );
  if (!services.db) return fail('unavailable', 'delegated mode needs the database, which this context does not provide');
  let hub: DelegationHub;
  try {
    const [platform, db] = await Promise.all([services.agents(), services.db()]);
    hub = (await import('../../delegation/connect.ts')).delegationHub(platform, db, services);
  } catch (err) {
    return fail('unavailable', `cannot reach the agent platform: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return await work(hub);
  } catch (err) {
    return failureOf(err);
  }
}

/** Expected failures of the hub and the platforms as envelopes; anything else is rethrown (the tool layer reports it as internal_error). */
export function failureOf(err: unknown): ToolFailure {
  if (err instanceof DelegationError) return fail(err.code, err.message, err.details);
  const e = err as { name?: string; code?: string; status?: number | null; message?: string };
  if (e?.name === 'AgentPlatformError')
    return fail(e.code === 'invalid' ? 'invalid_input' : (e.code as 'not_found' | 'conflict'), e.message ?? 'agent platform error');
  if (e?.name === 'LettaPlatformError')
    return fail(
      e.status === 404 ? 'not_found' : e.status === 422 || e.status === 400 ? 'invalid_input' : 'unavailable',
      e.message ?? 'Letta error',
    );
  throw err;
}

/**
 * A `*_json` parameter: absent stays undefined; text that is not JSON, or JSON of the wrong
 * shape, is an `invalid_input` failure naming the parameter and what is wrong.
 */
export function jsonParam<S extends z.ZodType>(name: string, text: string | undefined, schema: S): z.output<S> | undefined | ToolFailure {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return fail('invalid_input', `${name} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, { parameter: name });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = inputIssues(parsed.error);
    return fail(
      'invalid_input',
      `${name} does not have the expected shape: ${issues.map((i) => i.message.replace(/^input: /, '')).join('; ')}`,
      { parameter: name, issues },
    );
  }
  return parsed.data;
}

export const isToolFailure = (v: unknown): v is ToolFailure =>
  typeof v === 'object' && v !== null && (v as { status?: unknown }).status === 'error' && 'error_code' in v;
