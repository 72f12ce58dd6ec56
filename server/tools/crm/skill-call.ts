import { failureCause } from '../../../lib/failure-cause.ts';
import type { AppConfig } from '../../config.ts';
import { skillDirectory } from '../../learning/services.ts';
import { createSkillInvoker, type SkillInvoker } from '../../skills/invoke/index.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';

/**
 * One read-only call of a catalog skill's tool from a console tool, on the platform's own path:
 * the manifest from the skill catalog (the directory runs use, by skill:// URI), then the skill
 * invoker (server/skills/invoke: MCP client to the manifest's endpoint through DCF_MCP_BASE_URL,
 * or the in-process demo server), with the configured DCF_SKILL_TIMEOUT_S. No worker, lease or
 * idempotency key: the call reads, so it needs no Redis either.
 *
 * The skill's data-plane envelope comes back as `{summary, data}`; its failures become tool
 * failures by who caused them: the caller's arguments (`InvalidArguments`, an argument the MCP
 * server's schema refused) → `invalid_input`; something named that does not exist (`…NotFound`:
 * a team, a product, the tool) → `not_found`; the skill missing from the catalog → `not_found`;
 * the server unreachable, a timeout or the skill's own fault → `unavailable`. `details` keeps the
 * skill's error name and cause.
 */
export interface SkillData<D> {
  summary: string;
  data: D;
}

// One invoker per configuration, kept for the process: its MCP client pool reconnects by itself
// after a transport failure, so a server that comes back is reached again without a restart.
const invokers = new WeakMap<AppConfig, SkillInvoker>();
function invokerFor(config: AppConfig): SkillInvoker {
  let invoker = invokers.get(config);
  if (!invoker) invokers.set(config, (invoker = createSkillInvoker({ config })));
  return invoker;
}

/** Who caused a skill's failure is lib/failure-cause.ts's one classification (what reliability counts too). */
function failureOf(uri: string, toolName: string, error: string, cause: string): ToolFailure {
  const details = { skill: uri, tool: toolName, skill_error: { error, cause } };
  if (failureCause(error, cause) === 'caller') {
    const said = cause.replace(new RegExp(`^${error}: `), '');
    return fail(/NotFound$/.test(error) ? 'not_found' : 'invalid_input', said, details);
  }
  if (/NotFound$/.test(error)) return fail('not_found', cause.replace(new RegExp(`^${error}: `), ''), details);
  const why = error === 'SkillUnavailable' ? 'cannot be reached' : error === 'TimeoutError' ? 'did not answer in time' : 'failed';
  return fail('unavailable', `${uri} ${toolName} ${why}: ${error}: ${cause}`, details);
}

export async function callSkillData<D>(
  services: ToolServices,
  uri: string,
  toolName: string,
  args: Record<string, unknown>,
): Promise<SkillData<D> | ToolFailure> {
  let manifest;
  try {
    manifest = (await skillDirectory(services)).get(uri);
  } catch (err) {
    return fail('unavailable', `cannot read the skill catalog: ${err instanceof Error ? err.message : String(err)}`);
  }
  const dir = services.config.skillsDir;
  if (!manifest) return fail('not_found', `${uri} is not in the skill catalog (${dir}): the CRM directory cannot be asked`);
  if (!manifest.requiredTools.some((t) => t.toolName === toolName)) return fail('not_found', `${uri} has no tool ${toolName}`);
  const outcome = await invokerFor(services.config).invoke({ manifest, toolName, args, attempt: 1 });
  if (!outcome.ok) return failureOf(uri, toolName, outcome.error, outcome.cause);
  const envelope = outcome.result as { summary?: unknown; data?: unknown } | null;
  if (!envelope || typeof envelope !== 'object' || typeof envelope.data !== 'object' || envelope.data === null) {
    return fail('internal_error', `${uri} ${toolName} returned no data-plane envelope`);
  }
  return { summary: typeof envelope.summary === 'string' ? envelope.summary : '', data: envelope.data as D };
}
