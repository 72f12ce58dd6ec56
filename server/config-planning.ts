/**
 * Checks of the planning and delegation settings whose values are small documents (server/config.ts
 * reads them): DCF_TOOL_COSTS (a cost table), DCF_COMPANION_TASK_BUDGET (a ResourceBudget) and
 * DCF_POLICY_SPLIT (two exploit/explore strategies). A bad value stops the start-up by name.
 */

export function isCostTable(text: string): boolean {
  if (!isJsonObject(text)) return false;
  return Object.values(JSON.parse(text) as object).every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);
}

/** A ResourceBudget (lib/planning/schemas.ts), checked here so a bad setting stops the start-up. */
export interface TaskBudget {
  maxToolCalls?: number;
  maxLatency?: number;
  maxCost?: number;
  scaleFactor?: number;
}

export function isTaskBudget(text: string): boolean {
  if (!isJsonObject(text)) return false;
  const whole = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  const units = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  const checks: Record<string, (n: unknown) => boolean> = {
    maxToolCalls: whole,
    maxLatency: whole,
    maxCost: units,
    scaleFactor: (n) => units(n) && (n as number) > 0,
  };
  return Object.entries(JSON.parse(text) as object).every(([k, v]) => checks[k]?.(v) ?? false);
}

export const SPLIT_STRATEGIES = ['Greedy', 'EpsilonGreedy', 'UCB', 'ThompsonSampling'] as const;
export type SplitStrategy = (typeof SPLIT_STRATEGIES)[number];

/** `A,B` or `A:B`: two different strategy names (spaces around them ignored), else null. */
export function policySplitOf(text: string): readonly [SplitStrategy, SplitStrategy] | null {
  const names = text.split(/[,:]/).map((n) => n.trim());
  const known = (n: string): n is SplitStrategy => (SPLIT_STRATEGIES as readonly string[]).includes(n);
  const [a, b] = names;
  return names.length === 2 && a !== undefined && b !== undefined && known(a) && known(b) && a !== b ? [a, b] : null;
}

export function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}
