import type { ExecutionServices } from '../../contracts/execution-services.ts';

export interface SkillCall {
  skill: string;
  tool: string;
  args: Record<string, unknown>;
  attempt: number;
  idempotencyKey: string | undefined;
}

/**
 * TEST SUPPORT: records every skill tool call the workers of `x` make, in order. The real
 * invoker still does the work (built-in skills in process, demo skills over MCP); this only
 * counts, so a test can prove which states ran and how often.
 */
export function recordSkillCalls(x: ExecutionServices): SkillCall[] {
  const calls: SkillCall[] = [];
  const inner = x.invoker;
  x.invoker = {
    invoke(inv) {
      const { args, attempt, idempotencyKey } = inv;
      calls.push({ skill: inv.manifest.manifestId, tool: inv.toolName, args, attempt, idempotencyKey });
      return inner.invoke(inv);
    },
    close: () => inner.close(),
  };
  return calls;
}
