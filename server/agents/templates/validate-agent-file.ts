import type { ValidateFunction } from 'ajv';
import { pruneSchemaErrors } from '../../schemas/prune-errors.ts';
import { toIssue } from '../../schemas/registry.ts';
import { cachedValidator } from '../../cache/validators.ts';
import type { ValidationIssue } from '../../validation/issue.ts';
import agentFileSchema from './agent-file.schema.json' with { type: 'json' };
import { SLEEPTIME_AGENT_TYPE, type AgentFile } from './agent-file.ts';

let validator: ValidateFunction | undefined;

/** Letta's AgentFileSchema, compiled once per machine (draft 2020-12; OpenAPI annotations such as `discriminator` ignored). */
function schemaValidator(): ValidateFunction {
  validator ??= cachedValidator('agent-file', agentFileSchema as object, { allErrors: true, strict: false, validateFormats: false });
  return validator;
}

export interface AgentFileCheckOptions {
  /** Whether a tool name can be run (the tool registry or the runtime's own tools); unchecked when absent. */
  isKnownTool?: (name: string) => boolean;
}

/**
 * Validates an agent file: first against Letta's AgentFileSchema, then the references the schema
 * cannot express — ids unique and resolvable (agents' block_ids and tool_ids, tool rules, group
 * members), one main agent and at most one sleep-time companion managed by it, a system prompt
 * for each agent, MCP tools naming a declared MCP server, and tool names the runtime knows.
 * Returns issues with JSON pointers; empty when the file is valid.
 */
export function validateAgentFile(doc: unknown, opts: AgentFileCheckOptions = {}): ValidationIssue[] {
  const validate = schemaValidator();
  if (!validate(doc)) return pruneSchemaErrors(validate.errors ?? []).map(toIssue);
  return referenceIssues(doc as AgentFile, opts);
}

function referenceIssues(af: AgentFile, opts: AgentFileCheckOptions): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const issue = (path: string, code: string, message: string) => issues.push({ path, code: `agent_file.${code}`, message });
  const duplicates = (ids: string[], path: string, what: string) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) issue(`${path}/${i}/id`, 'duplicate_id', `${what} id "${id}" is used twice`);
      seen.add(id);
    });
  };
  duplicates(
    af.agents.map((a) => a.id),
    '/agents',
    'agent',
  );
  duplicates(
    af.blocks.map((b) => b.id),
    '/blocks',
    'block',
  );
  duplicates(
    af.tools.map((t) => t.id),
    '/tools',
    'tool',
  );

  const blocks = new Map(af.blocks.map((b) => [b.id, b]));
  const tools = new Map(af.tools.map((t) => [t.id, t]));
  const servers = new Set(af.mcp_servers.map((s) => s.server_name));
  const toolNames = new Set<string>();
  af.tools.forEach((t, i) => {
    if (!t.name) return void issue(`/tools/${i}/name`, 'missing_name', `tool "${t.id}" has no name`);
    if (toolNames.has(t.name)) issue(`/tools/${i}/name`, 'duplicate_name', `tool name "${t.name}" is declared twice`);
    toolNames.add(t.name);
    if (opts.isKnownTool && !opts.isKnownTool(t.name))
      issue(
        `/tools/${i}/name`,
        'unknown_tool',
        `tool "${t.name}" is neither a tool of the DCF tool registry nor one the agent runtime provides`,
      );
    if (t.tool_type === 'external_mcp') {
      const server = (t.metadata_?.mcp as { server_name?: unknown } | undefined)?.server_name;
      if (typeof server !== 'string' || !servers.has(server))
        issue(
          `/tools/${i}/metadata_`,
          'unknown_mcp_server',
          `MCP tool "${t.name}" must name one of mcp_servers in metadata_.mcp.server_name`,
        );
    }
  });

  const main = af.agents.filter((a) => a.agent_type !== SLEEPTIME_AGENT_TYPE);
  const sleeptime = af.agents.filter((a) => a.agent_type === SLEEPTIME_AGENT_TYPE);
  if (main.length !== 1)
    issue(
      '/agents',
      'main_agent',
      `an agent template has exactly one main agent (not ${SLEEPTIME_AGENT_TYPE}); this file has ${main.length}`,
    );
  if (sleeptime.length > 1)
    issue('/agents', 'sleeptime_agent', `an agent template has at most one sleep-time agent; this file has ${sleeptime.length}`);

  af.agents.forEach((a, i) => {
    const at = `/agents/${i}`;
    if (!a.name) issue(`${at}/name`, 'missing_name', `agent "${a.id}" has no name`);
    if (!a.system?.trim()) issue(`${at}/system`, 'missing_system', `agent "${a.id}" has no system prompt`);
    const labels = new Set<string>();
    (a.block_ids ?? []).forEach((id, j) => {
      const b = blocks.get(id);
      if (!b) return void issue(`${at}/block_ids/${j}`, 'unknown_block', `no block with id "${id}"`);
      if (labels.has(b.label)) issue(`${at}/block_ids/${j}`, 'duplicate_label', `two blocks labelled "${b.label}" in agent "${a.id}"`);
      labels.add(b.label);
    });
    const names = new Set<string>(a.tools ?? []);
    (a.tool_ids ?? []).forEach((id, j) => {
      const t = tools.get(id);
      if (!t) return void issue(`${at}/tool_ids/${j}`, 'unknown_tool_id', `no tool with id "${id}"`);
      if (t.name) names.add(t.name);
    });
    (a.tools ?? []).forEach((name, j) => {
      if (opts.isKnownTool && !opts.isKnownTool(name))
        issue(
          `${at}/tools/${j}`,
          'unknown_tool',
          `tool "${name}" is neither a tool of the DCF tool registry nor one the agent runtime provides`,
        );
    });
    (a.tool_rules ?? []).forEach((r, j) => {
      if (!names.has(r.tool_name))
        issue(
          `${at}/tool_rules/${j}/tool_name`,
          'unknown_rule_tool',
          `tool rule names "${r.tool_name}", which agent "${a.id}" does not have`,
        );
    });
  });

  af.groups.forEach((g, i) => {
    const m = g.manager_config;
    if (m?.manager_type !== 'sleeptime') return;
    if (m.manager_agent_id !== main[0]?.id)
      issue(
        `/groups/${i}/manager_config/manager_agent_id`,
        'sleeptime_manager',
        `a sleep-time group is managed by the main agent "${main[0]?.id}"`,
      );
    g.agent_ids.forEach((id, j) => {
      if (!sleeptime.some((s) => s.id === id))
        issue(`/groups/${i}/agent_ids/${j}`, 'sleeptime_member', `"${id}" is not a ${SLEEPTIME_AGENT_TYPE} of this file`);
    });
  });
  return issues;
}
