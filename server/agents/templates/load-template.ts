import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../project-root.ts';
import { SENTINEL_MODES, type SentinelMode } from '../../../lib/planning/schemas.ts';
import type { ValidationIssue } from '../../validation/issue.ts';
import { SLEEPTIME_AGENT_TYPE, type AfAgent, type AfBlock, type AgentFile } from './agent-file.ts';
import { validateAgentFile, type AgentFileCheckOptions } from './validate-agent-file.ts';

/** A validated agent template: the `.af` file and what the runtime needs from it. */
export interface AgentTemplate {
  /** File name without `.af`, e.g. `worker`. */
  name: string;
  version: string;
  /** `worker@1.0.0`. */
  ref: string;
  /** Other names workflows use for it (`agent_template_worker`), from metadata.aliases. */
  aliases: string[];
  file: AgentFile;
  main: AfAgent;
  sleeptime: AfAgent | null;
  /** Main-agent turns between the sleep-time agent's wake-ups (its group's sleeptime_agent_frequency). */
  sleeptimeFrequency: number | null;
  /** The blocks an agent of the file starts with. */
  blocksOf(agent: AfAgent): AfBlock[];
  /** The tool names an agent of the file starts with (tool_ids resolved, then `tools`). */
  toolNamesOf(agent: AfAgent): string[];
  /**
   * The sentinel's mode for agents of this template (issue 17): `metadata.sentinel_mode`, `report`
   * or `enforce`; null when the file sets none (the deployment's DCF_SENTINEL_MODE applies).
   */
  sentinelMode: SentinelMode | null;
}

/** A template that cannot be used: missing, unreadable, not JSON, or not a valid agent file. */
export class TemplateError extends Error {
  constructor(
    readonly template: string,
    readonly issues: ValidationIssue[],
    summary?: string,
  ) {
    super(
      summary ??
        `agent template "${template}" is not a valid Letta agent file (.af v2):\n${issues.map((i) => `  - ${i.path || '/'}: ${i.message}`).join('\n')}`,
    );
    this.name = 'TemplateError';
  }
}

/** The templates folder, `agents/templates/` at the project root (server/project-root.ts). */
export function defaultTemplatesDir(): string {
  return path.join(/*turbopackIgnore: true*/ projectRoot(import.meta.url), 'agents', 'templates');
}

const NAME = /^[a-z][a-z0-9_-]*$/;

/** `worker`, `worker@1.0.0`, `agent_template_worker@1.0.0` → name and optional version. */
export function parseTemplateRef(ref: string): { name: string; version: string | null } {
  const at = ref.lastIndexOf('@');
  return at > 0 ? { name: ref.slice(0, at), version: ref.slice(at + 1) } : { name: ref, version: null };
}

/** Names of the templates in `dir` (its `.af` files). */
export async function listAgentTemplates(dir = defaultTemplatesDir()): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries
    .filter((f) => f.endsWith('.af'))
    .map((f) => f.slice(0, -3))
    .sort();
}

/**
 * Loads and validates a template by reference: its file name or one of its aliases, with an
 * optional `@version` that must match its metadata.template_version. Throws TemplateError with
 * every problem found.
 */
export async function loadAgentTemplate(ref: string, opts: AgentFileCheckOptions & { dir?: string } = {}): Promise<AgentTemplate> {
  const dir = opts.dir ?? defaultTemplatesDir();
  const { name: wanted, version } = parseTemplateRef(ref);
  if (!NAME.test(wanted)) throw new TemplateError(ref, [], `"${ref}" is not a template name (lower-case letters, digits, "-" and "_")`);
  let name = wanted;
  if (!existsSync(path.join(dir, `${wanted}.af`))) {
    const owner = await findByAlias(dir, wanted);
    if (!owner)
      throw new TemplateError(
        ref,
        [],
        `no agent template "${wanted}" in ${dir} (known: ${(await listAgentTemplates(dir)).join(', ') || 'none'})`,
      );
    name = owner;
  }
  const template = await readTemplate(dir, name, opts);
  if (version && version !== template.version)
    throw new TemplateError(ref, [], `agent template "${name}" is version ${template.version}, not ${version}`);
  return template;
}

async function findByAlias(dir: string, alias: string): Promise<string | null> {
  for (const name of await listAgentTemplates(dir)) {
    const doc = JSON.parse(await readFile(path.join(dir, `${name}.af`), 'utf8').catch(() => '{}')) as { metadata?: { aliases?: unknown } };
    const aliases = typeof doc.metadata?.aliases === 'string' ? doc.metadata.aliases.split(',').map((a) => a.trim()) : [];
    if (aliases.includes(alias)) return name;
  }
  return null;
}

async function readTemplate(dir: string, name: string, opts: AgentFileCheckOptions): Promise<AgentTemplate> {
  const file = path.join(dir, `${name}.af`);
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new TemplateError(
      name,
      [],
      `agent template "${name}" (${file}) cannot be read as JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const issues = validateAgentFile(doc, opts);
  const af = doc as AgentFile;
  const meta = af.metadata ?? {};
  if (!issues.length && meta.template_name !== undefined && meta.template_name !== name) {
    issues.push({
      path: '/metadata/template_name',
      code: 'agent_file.template_name',
      message: `metadata.template_name is "${meta.template_name}" but the file is ${name}.af`,
    });
  }
  const version = meta.template_version ?? '1.0.0';
  if (!issues.length && !/^\d+\.\d+\.\d+$/.test(version))
    issues.push({
      path: '/metadata/template_version',
      code: 'agent_file.template_version',
      message: `template_version must be MAJOR.MINOR.PATCH, not "${version}"`,
    });
  const mode = meta.sentinel_mode;
  if (!issues.length && mode !== undefined && !(SENTINEL_MODES as readonly string[]).includes(mode)) {
    issues.push({
      path: '/metadata/sentinel_mode',
      code: 'agent_file.sentinel_mode',
      message: `sentinel_mode must be report or enforce, not "${mode}"`,
    });
  }
  if (issues.length) throw new TemplateError(name, issues);

  const main = af.agents.find((a) => a.agent_type !== SLEEPTIME_AGENT_TYPE)!;
  const sleeptime = af.agents.find((a) => a.agent_type === SLEEPTIME_AGENT_TYPE) ?? null;
  const group = sleeptime
    ? af.groups.find((g) => g.manager_config?.manager_type === 'sleeptime' && g.agent_ids.includes(sleeptime.id))
    : undefined;
  const blocks = new Map(af.blocks.map((b) => [b.id, b]));
  const tools = new Map(af.tools.map((t) => [t.id, t]));
  return {
    name,
    version,
    ref: `${name}@${version}`,
    aliases: (meta.aliases ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    file: af,
    main,
    sleeptime,
    sleeptimeFrequency: sleeptime ? (group?.manager_config?.sleeptime_agent_frequency ?? 5) : null,
    blocksOf: (a) => (a.block_ids ?? []).map((id) => blocks.get(id)!),
    toolNamesOf: (a) => [...new Set([...(a.tool_ids ?? []).map((id) => tools.get(id)!.name!), ...(a.tools ?? [])])],
    sentinelMode: (mode as SentinelMode | undefined) ?? null,
  };
}
