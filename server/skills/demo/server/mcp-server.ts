import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { demoSkills, type DemoSkill } from '../skills/catalog.ts';
import type { WorldData } from '../dataset/generate.ts';
import type { RecordingAudioStore } from '../audio/store.ts';
import { runAudioSkillTool, runSkillTool, type Envelope } from '../skills/envelope.ts';
import { faultSpecSchema, parseFaults, type FaultInjector } from './faults.ts';

/**
 * One MCP server instance per HTTP request (stateless Streamable HTTP, see http-server.ts), serving
 * the demo skill tools (catalog.ts: the nine spec skills and the CRM directory's three tools) under
 * their manifest names and parameter schemas, and two admin tools.
 *
 * Results: success → `structuredContent` = the data-plane envelope (also as JSON text). Failure →
 * `isError: true` with `structuredContent` = the failure envelope plus `error` (its type, e.g.
 * `SkillError`, `RecordingNotFound`) and `cause` (its message) — the fields the invoker names
 * failures by. `signal` aborts when the HTTP request ends (the client gave up).
 */
export const DEMO_SERVER_INFO = { name: 'dcf-demo-skills', version: '1.0.0' };

function errorResult(type: string, cause: string, latencyMs: number): CallToolResult {
  const envelope = {
    ok: false,
    summary: `${type}: ${cause}`,
    data: { error: { type, message: cause, retryable: type === 'SkillError' } },
    metrics: { latency_ms: latencyMs },
    artifacts: [],
  };
  return { isError: true, content: [{ type: 'text', text: `${type}: ${cause}` }], structuredContent: { ...envelope, error: type, cause } };
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. ms = Infinity waits for the abort. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('request closed'));
    const timer = Number.isFinite(ms) ? setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve()), ms) : undefined;
    const onAbort = () => (clearTimeout(timer), reject(new Error('request closed')));
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The tool's input schema: the manifest's parameters; AssemblyAI's webhook_url is optional here (the demo calls no webhook). */
const schemas = new Map<string, z.ZodType>();
function inputSchema(skill: DemoSkill): z.ZodType {
  const key = `${skill.skillName}#${skill.requirement.toolName}`;
  const cached = schemas.get(key);
  if (cached) return cached;
  const params = structuredClone(skill.requirement.json_schema?.parameters ?? { type: 'object', properties: {}, required: [] });
  if (skill.skillName === 'assemblyai-transcribe') params.required = params.required.filter((r) => r !== 'webhook_url');
  const schema = z.fromJSONSchema(params as Parameters<typeof z.fromJSONSchema>[0]);
  schemas.set(key, schema);
  return schema;
}

/** What the skill tools serve: the lender's world and its calls' audio store. */
export interface Served {
  world: WorldData;
  audio: RecordingAudioStore;
}

function registerSkill(mcp: McpServer, skill: DemoSkill, faults: FaultInjector, signal: AbortSignal, served: Served): void {
  const description = skill.requirement.json_schema?.description ?? skill.requirement.description;
  mcp.registerTool(skill.requirement.toolName, { description, inputSchema: inputSchema(skill) }, async (args): Promise<CallToolResult> => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const fault = faults.decide(skill.skillName);
    if (fault.latencyMs > 0) await wait(fault.latencyMs, signal);
    if (fault.kind === 'timeout') await wait(Infinity, signal); // never returns: only the client giving up ends it
    if (fault.kind === 'fail') return errorResult('SkillError', `${skill.skillName} failed (injected demo fault)`, elapsed());
    const input = args as Record<string, unknown>;
    const envelope: Envelope = skill.tool
      ? runSkillTool(skill.tool, input, served.world)
      : await runAudioSkillTool(skill.audioTool, input, served.world, { audio: served.audio, signal });
    envelope.metrics.latency_ms = elapsed();
    if (!envelope.ok) {
      const { type, message } = (envelope.data as { error: { type: string; message: string } }).error;
      return errorResult(type, message, elapsed());
    }
    return {
      content: [{ type: 'text', text: JSON.stringify(envelope) }],
      structuredContent: envelope as unknown as Record<string, unknown>,
    };
  });
}

function registerAdmin(mcp: McpServer, faults: FaultInjector): void {
  const state = (): CallToolResult => ({
    content: [{ type: 'text', text: JSON.stringify(faults.state()) }],
    structuredContent: faults.state(),
  });
  mcp.registerTool('demo_get_faults', { description: 'The active fault injection of the demo skills: {faults, seed}.' }, async () =>
    state(),
  );
  mcp.registerTool(
    'demo_set_faults',
    {
      description:
        'Sets the fault injection of the demo skills (merged into the active settings unless replace is true); returns {faults, seed}.',
      inputSchema: { faults: z.record(z.string(), faultSpecSchema), replace: z.boolean().optional(), seed: z.number().int().optional() },
    },
    async ({ faults: raw, replace, seed }) => {
      try {
        faults.update(parseFaults(raw), { replace, seed });
      } catch (err) {
        return errorResult('InvalidArguments', (err as Error).message, 0);
      }
      return state();
    },
  );
}

/** `served`: the lender's world the skill tools work on and its audio (one per skills server). */
export function createDemoMcpServer(faults: FaultInjector, signal: AbortSignal, served: Served): McpServer {
  const mcp = new McpServer(DEMO_SERVER_INFO);
  for (const skill of demoSkills()) registerSkill(mcp, skill, faults, signal, served);
  registerAdmin(mcp, faults);
  return mcp;
}
