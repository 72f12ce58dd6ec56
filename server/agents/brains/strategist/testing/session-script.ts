import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ActivityEntry } from '../../../../delegation/activity.ts';
import {
  emptyGuidelines,
  fitGuidelines,
  parseGuidelines,
  renderGuidelines,
  reviseGuidelines,
  type Guidelines,
} from '../../../../delegation/guidelines.ts';
import type { SessionObservation } from '../../../../delegation/receive.ts';
import { newSessionContext, renderSessionContext } from '../../../../delegation/session-context.ts';
import { PROJECT_ROOT } from '../../../../testing/test-database.ts';
import type { MemoryBlock } from '../../../../contracts/agent-platform.ts';
import type { BrainMessage, BrainTool, BrainToolCall } from '../../brain.ts';
import type { Counts } from '../beta.ts';
import { strategistBrain } from '../strategist-brain.ts';

/**
 * TEST SUPPORT for the Strategist brain's unit tests: one session seen by its Strategist, with a
 * scripted tool layer. The session's activity (read_session_activity) and the skills' history
 * (get_skill_reliability) are what each test sets; memory edits and update_conductor_guidelines
 * change the blocks the next step sees, the latter with the hub's own revision
 * (server/delegation/guidelines.ts reviseGuidelines). The whole history is kept across turns, as
 * the agent loop keeps it.
 */
export const SESSION = 'sess-7f3a';
export const CONDUCTOR = 'agent-conductor-1';
export const STRATEGIST = 'agent-strategist-1';
export const WHISPER = 'skill://whisper-transcribe@1.0.0';
export const ASSEMBLY = 'skill://assemblyai-transcribe@1.2.0';

/** The tools agents/templates/strategist.af attaches. */
export function templateTools(): string[] {
  const af = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'agents/templates/strategist.af'), 'utf8')) as {
    tools: Array<{ name: string }>;
  };
  return af.tools.map((t) => t.name);
}

/** Graphiti's add_memory parameters (its MCP server's signature). */
export const ADD_MEMORY: BrainTool = {
  name: 'add_memory',
  description: 'Add an episode to the knowledge graph.',
  parameters: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      episode_body: { type: 'string' },
      group_id: { type: 'string' },
      source: { type: 'string' },
      source_description: { type: 'string' },
      uuid: { type: 'string' },
    },
    required: ['name', 'episode_body'],
  },
};

export interface TaskSpec {
  task_id: string;
  companion: string;
  status: 'succeeded' | 'failed';
  skills: string[];
  failed_skill?: string | null;
  duration_s?: number;
  error?: string | null;
}

type Call = { name: string; args: Record<string, any> };
const ok = (fields: Record<string, unknown>) => ({ status: 'ok', error: null, ...fields });
const rel = (skill: string, c: Counts, capability: string | null) => ({
  skill,
  capability,
  n_success: c.successes,
  n_failures: c.failures,
  success_rate: c.successes + c.failures ? c.successes / (c.successes + c.failures) : null,
  failure_rate: c.successes + c.failures ? c.failures / (c.successes + c.failures) : null,
  p50_latency_ms: null,
  p95_latency_ms: null,
});

/** The tool calls, in order, of a Strategist turn that publishes advice (guidelines, a message, a memory). */
export const PUBLISHING_TURN = [
  'core_memory_append',
  'read_session_activity',
  'get_skill_reliability',
  'compare_models',
  'update_conductor_guidelines',
  'send_message_to_agent_async',
  'core_memory_append',
  'add_memory',
  'core_memory_replace',
];
/** The tool calls of a turn that reads and notes but publishes nothing. */
export const QUIET_TURN = ['core_memory_append', 'read_session_activity', 'get_skill_reliability', 'compare_models', 'core_memory_replace'];

/** compare_models' figures (server/collaboration/figures.ts) of an agent rated once per evaluation. */
const figuresOf = (id: string, ratings: number[]) => ({
  agent_id: id,
  overall_rating: {
    mean: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null,
    count: ratings.length,
  },
  evaluations: { rated: ratings.length, below_midpoint: ratings.filter((r) => r < 3).length },
});

export class StrategistScript {
  readonly history: BrainMessage[] = [];
  readonly blocks: MemoryBlock[];
  /** Every tool call, oldest first. */
  readonly calls: Call[] = [];
  /** Messages sent with send_message_to_agent_async. */
  readonly sent: Array<{ other_agent_id: string; message: string }> = [];
  readonly completions: ActivityEntry[] = [];
  readonly companionStates: ActivityEntry[] = [];
  /** Capability → its skills (the catalog get_skill_reliability reads alternatives from). */
  readonly catalog = new Map<string, string[]>([['transcription', [WHISPER, ASSEMBLY]]]);
  /** Skill → its recent history (absent: never used). */
  readonly recent = new Map<string, Counts>();
  /**
   * Companion → the ratings of its evaluated contributions, one rating per evaluation (what
   * compare_models reports from evaluate_contribution; absent: never evaluated).
   */
  readonly evaluations = new Map<string, number[]>();
  /** A tool → the error it answers with. */
  readonly failing = new Map<string, Record<string, unknown>>();
  /** A tool → a raw return text (e.g. cut short, as the runtime cuts long returns). */
  readonly raw = new Map<string, string>();
  tools: BrainTool[];
  private readonly tags: string[];

  constructor(opts: { tools?: Array<string | BrainTool>; tags?: string[] } = {}) {
    this.tools = (opts.tools ?? templateTools()).map((t) =>
      typeof t === 'string' ? { name: t, description: t, parameters: { type: 'object' } } : t,
    );
    this.tags = opts.tags ?? ['role:strategist', `session:${SESSION}`];
    this.blocks = [
      { id: 'b-persona', label: 'persona', value: 'I am the DCF Strategist.', limit: 20000 },
      {
        id: 'b-sc',
        label: 'session_context',
        value: renderSessionContext(newSessionContext(SESSION, CONDUCTOR)),
        limit: 8000,
        read_only: true,
      },
      {
        id: 'b-gl',
        label: 'strategist_guidelines',
        value: renderGuidelines(emptyGuidelines()),
        limit: 12000,
        read_only: true,
      },
      { id: 'b-ob', label: 'observation_buffer', value: '', limit: 20000 },
      { id: 'b-pl', label: 'pattern_library', value: '', limit: 20000 },
    ];
  }

  block(label: string): MemoryBlock {
    return this.blocks.find((b) => b.label === label)!;
  }

  guidelines(): Guidelines {
    return parseGuidelines(this.block('strategist_guidelines').value);
  }

  companion(id: string, specialization: string): void {
    this.companionStates.push({
      at: new Date().toISOString(),
      kind: 'companion_created',
      task_id: null,
      actor: CONDUCTOR,
      subject: id,
      detail: { name: id, specialization, shared_blocks: [], initial_skills: [] },
    });
  }

  /** A task result as the hub records it, and the observation that wakes the Strategist. */
  result(t: TaskSpec): SessionObservation {
    const failedSkill = t.failed_skill ?? null;
    const error = t.status === 'failed' ? (t.error ?? `${failedSkill ?? 'the task'} failed`) : null;
    const at = new Date().toISOString();
    this.completions.push({
      at,
      kind: 'task_result',
      task_id: t.task_id,
      actor: t.companion,
      subject: CONDUCTOR,
      detail: {
        status: t.status,
        metrics: { duration_s: t.duration_s ?? 10, tool_calls: 2, skills_used: t.skills },
        summary: 'done',
        error,
        failed_skill: failedSkill,
      },
    });
    const spec = this.companionStates.find((e) => e.subject === t.companion)?.detail.specialization;
    return {
      type: 'session_observation',
      session_id: SESSION,
      task_id: t.task_id,
      companion_id: t.companion,
      specialization: typeof spec === 'string' ? spec : null,
      status: t.status,
      skills_used: t.skills,
      failed_skill: failedSkill,
      duration_s: t.duration_s ?? 10,
      tool_calls: 2,
      summary: 'done',
      error,
      completed_at: at,
    };
  }

  /** One turn on a message: the brain decides step after step until it answers. */
  async turn(content: string, maxSteps = 20): Promise<{ calls: Call[]; reply: string; reasoning: string[] }> {
    this.history.push({ role: 'user', content });
    const calls: Call[] = [];
    const reasoning: string[] = [];
    for (let i = 0; i < maxSteps; i++) {
      const d = await strategistBrain.decide({
        agent: { id: STRATEGIST, name: 'strategist-sess', role: 'strategist', system: '', tags: this.tags },
        blocks: this.blocks.map((b) => ({ ...b })),
        tools: this.tools,
        history: this.history,
      });
      if (d.reasoning) reasoning.push(d.reasoning);
      if (d.kind === 'message') {
        this.history.push({ role: 'assistant', content: d.content });
        return { calls, reply: d.content, reasoning };
      }
      this.history.push({ role: 'assistant', content: null, tool_calls: d.tool_calls });
      for (const c of d.tool_calls) this.answer(c, calls);
    }
    throw new Error(`no answer after ${maxSteps} steps: ${calls.map((c) => c.name).join(', ')}`);
  }

  observe(o: SessionObservation) {
    return this.turn(JSON.stringify(o));
  }

  private answer(c: BrainToolCall, calls: Call[]): void {
    const args = JSON.parse(c.arguments) as Record<string, any>;
    calls.push({ name: c.name, args });
    this.calls.push({ name: c.name, args });
    const raw = this.raw.get(c.name);
    if (raw !== undefined) {
      this.history.push({ role: 'tool', tool_call_id: c.id, name: c.name, content: raw, status: 'success' });
      return;
    }
    const result = this.failing.get(c.name) ?? this.run(c.name, args);
    this.history.push({
      role: 'tool',
      tool_call_id: c.id,
      name: c.name,
      content: JSON.stringify(result),
      status: result.status === 'ok' ? 'success' : 'error',
    });
  }

  private run(name: string, args: Record<string, any>): Record<string, unknown> {
    if (!this.tools.some((t) => t.name === name))
      return { status: 'error', error: `tool ${name} is not attached`, error_code: 'invalid_input' };
    switch (name) {
      case 'core_memory_append': {
        const b = this.block(args.label);
        b.value = b.value ? `${b.value}\n${args.content}` : args.content;
        return ok({ label: b.label, chars_current: b.value.length, chars_limit: b.limit });
      }
      case 'core_memory_replace': {
        const b = this.block(args.label);
        if (!b.value.includes(args.old_content))
          return { status: 'error', error: `old_content does not occur in "${args.label}"`, error_code: 'conflict' };
        b.value = b.value.split(args.old_content).join(args.new_content);
        return ok({ label: b.label, chars_current: b.value.length, chars_limit: b.limit });
      }
      case 'read_session_activity':
        if (args.session_id !== SESSION) return { status: 'error', error: `no session ${args.session_id}`, error_code: 'not_found' };
        return ok({
          session_id: SESSION,
          activity: {
            delegations: [],
            companion_states: this.companionStates,
            task_completions: this.completions,
            errors: this.completions.filter((e) => e.detail.status === 'failed'),
          },
        });
      case 'get_skill_reliability': {
        const capability = [...this.catalog].find(([, skills]) => skills.includes(args.skill))?.[0] ?? null;
        if (!capability) return { status: 'error', error: `skill ${args.skill} is not in the catalog`, error_code: 'not_found' };
        const both = (s: string) => {
          const r = rel(s, this.recent.get(s) ?? { successes: 0, failures: 0 }, capability);
          return { all_time: r, recent: r };
        };
        const alternatives = this.catalog
          .get(capability)!
          .filter((s) => s !== args.skill)
          .map((s) => ({ skill: s, ...both(s) }));
        const report = {
          skill: args.skill,
          capability,
          ...both(args.skill),
          trend: [],
          recent_failures: [],
          used_by: [],
          alternatives,
        };
        return ok({ window: { days: 7, last_runs: 50 }, skills: [report] });
      }
      case 'update_conductor_guidelines': {
        if (args.conductor_id !== CONDUCTOR)
          return {
            status: 'error',
            error: `no session has the Conductor ${args.conductor_id}`,
            error_code: 'not_found',
          };
        const b = this.block('strategist_guidelines');
        const parse = (k: string) => (typeof args[k] === 'string' ? (JSON.parse(args[k]) as Record<string, unknown>) : undefined);
        const change = {
          recommendation: parse('add_recommendation_json'),
          warning: parse('add_warning_json'),
          companionStrategy: parse('update_companion_strategy_json'),
        };
        const next = fitGuidelines(reviseGuidelines(parseGuidelines(b.value), change, new Date().toISOString()));
        b.value = renderGuidelines(next);
        return ok({ conductor_id: CONDUCTOR, guidelines_block_id: b.id, revision: next.revision });
      }
      case 'compare_models': {
        const known = new Set([...this.companionStates.map((e) => e.subject), ...this.completions.map((e) => e.actor)]);
        const ids = args.model_ids as string[];
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length) return { status: 'error', error: `unknown agents: ${missing.join(', ')}`, error_code: 'not_found' };
        return ok({
          models: ids.map((id) => ({ model_id: id, figures: figuresOf(id, this.evaluations.get(id) ?? []) })),
        });
      }
      case 'send_message_to_agent_async':
        this.sent.push({ other_agent_id: args.other_agent_id, message: args.message });
        return ok({ delivered_to: args.other_agent_id, queued: true });
      case 'add_memory':
      case 'add_episode':
        return ok({ uuid: args.uuid ?? 'episode-1' });
      default:
        return { status: 'error', error: `the scripted tool layer has no ${name}`, error_code: 'internal_error' };
    }
  }
}
