import type { RecordingAudioStore } from '../audio/store.ts';
import { worldData, type WorldData } from '../dataset/generate.ts';

/**
 * The data-plane envelope every demo skill tool returns (schemas/data-plane-output-1.0.0.json):
 * `{ok, summary, data, metrics: {latency_ms}, artifacts}`. A failure is
 * `{ok: false, summary: "<type>: <message>", data: {error: {type, message, retryable}}}`
 * (schemas/examples/ours/data-plane-output-failure-timeout.json).
 */
export interface Envelope<D extends object = Record<string, unknown>> {
  ok: boolean;
  summary: string;
  data: D;
  metrics: { latency_ms: number };
  artifacts: string[];
}

/** A failure of a skill's own making (unknown recording, bad arguments…), named by `type`. */
export class SkillError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'SkillError';
  }
}

export type Args = Record<string, unknown>;
export type SkillResult = { summary: string; data: object; artifacts?: string[] };
/**
 * A demo skill tool: synchronous and pure over the served world's dataset (the server's world; the
 * demo world in process), so tests can call it directly.
 */
export type SkillTool = (args: Args, served: WorldData) => SkillResult;

/** What an audio skill tool is handed besides its arguments: the served calls' audio store and the call's abort signal. */
export interface AudioToolContext {
  audio: RecordingAudioStore;
  signal?: AbortSignal;
}
/** A skill tool over the calls' audio (pocketsphinx-transcribe): asynchronous, as it runs recognition processes. */
export type AudioSkillTool = (args: Args, served: WorldData, ctx: AudioToolContext) => Promise<SkillResult>;

export function failureEnvelope(
  type: string,
  message: string,
  retryable: boolean,
  latencyMs = 0,
): Envelope<{ error: { type: string; message: string; retryable: boolean } }> {
  return {
    ok: false,
    summary: `${type}: ${message}`,
    data: { error: { type, message, retryable } },
    metrics: { latency_ms: latencyMs },
    artifacts: [],
  };
}

function envelopeOf(r: SkillResult, latencyMs: number): Envelope {
  return {
    ok: true,
    summary: r.summary,
    data: r.data as Record<string, unknown>,
    metrics: { latency_ms: latencyMs },
    artifacts: r.artifacts ?? [],
  };
}

/** Runs a tool over a world (the demo world by default) and wraps what it returns — or the SkillError it throws — in the envelope. */
export function runSkillTool(tool: SkillTool, args: Args, served: WorldData = worldData()): Envelope {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    return envelopeOf(tool(args, served), latency());
  } catch (err) {
    if (err instanceof SkillError) return failureEnvelope(err.type, err.message, err.retryable, latency()) as unknown as Envelope;
    throw err;
  }
}

/** runSkillTool for an audio skill tool. */
export async function runAudioSkillTool(tool: AudioSkillTool, args: Args, served: WorldData, ctx: AudioToolContext): Promise<Envelope> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    return envelopeOf(await tool(args, served, ctx), latency());
  } catch (err) {
    if (err instanceof SkillError) return failureEnvelope(err.type, err.message, err.retryable, latency()) as unknown as Envelope;
    throw err;
  }
}

/** Argument readers: a wrong type is the caller's mistake, reported as InvalidArguments. */
export function stringArg(args: Args, name: string, required: true): string;
export function stringArg(args: Args, name: string, required?: false): string | undefined;
export function stringArg(args: Args, name: string, required = false): string | undefined {
  const v = args[name];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string' || (required && v.trim() === ''))
    throw new SkillError('InvalidArguments', `${name} must be a non-empty string`);
  return v;
}

export function arrayArg(args: Args, name: string, required = false): unknown[] | undefined {
  const v = args[name];
  if (v === undefined && !required) return undefined;
  if (!Array.isArray(v)) throw new SkillError('InvalidArguments', `${name} must be an array`);
  return v;
}

export function objectArg(args: Args, name: string): Record<string, unknown> {
  const v = args[name];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new SkillError('InvalidArguments', `${name} must be an object`);
  return v as Record<string, unknown>;
}
