/**
 * Registered (in-process) skill tools: the handlers behind manifests whose tool definition is
 * `{type: "registered"}`, keyed `<manifestId>#<toolName>`. The built-in skills register here
 * (server/skills/builtin/); the invoker looks handlers up by the manifest and tool it is asked for.
 */
export interface RegisteredToolContext {
  /** 1-based attempt number of the calling workflow state. */
  attempt: number;
  /** Aborts when the call times out or the caller gives up; long-running handlers must honour it. */
  signal: AbortSignal;
  /** The calling attempt's idempotency key (types.ts); a handler with side effects performs them once per key. */
  idempotencyKey?: string;
}

/** Returns the tool's result (any JSON value); throws SkillToolError for a named failure. */
export type RegisteredToolHandler = (args: Record<string, unknown>, ctx: RegisteredToolContext) => Promise<unknown> | unknown;

/** A failure a registered tool reports on purpose: `error` is its name (ASL ErrorEquals), `cause` the detail. */
export class SkillToolError extends Error {
  constructor(
    readonly error: string,
    override readonly cause: string,
  ) {
    super(`${error}: ${cause}`);
    this.name = 'SkillToolError';
  }
}

const handlers = new Map<string, RegisteredToolHandler>();

export const registeredToolKey = (manifestId: string, toolName: string) => `${manifestId}#${toolName}`;

/** Registers a handler; registering a key twice is a programming error. */
export function registerSkillTool(manifestId: string, toolName: string, handler: RegisteredToolHandler): void {
  const key = registeredToolKey(manifestId, toolName);
  if (handlers.has(key)) throw new Error(`registered skill tool ${key} is already registered`);
  handlers.set(key, handler);
}

export function findRegisteredTool(manifestId: string, toolName: string): RegisteredToolHandler | undefined {
  return handlers.get(registeredToolKey(manifestId, toolName));
}

export function registeredToolKeys(): string[] {
  return [...handlers.keys()].sort();
}
