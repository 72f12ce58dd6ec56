import { beforeDeadline, LATE } from '../../lib/deadline.ts';
import { fail, type ToolFailure } from '../tool-result.ts';

/**
 * A tool call's time budget (issue 29): no single request may hold its caller — an agent's turn,
 * a console page, the CLI — for longer than the budget. When it runs out the caller gets
 * `timed_out` at once; the handler's work is not cancelled (a statement in flight finishes in the
 * database, a started run goes on), so the message says to check before repeating a change.
 */
export async function withinBudget<T>(work: Promise<T>, budgetMs: number, tool: string): Promise<T | ToolFailure> {
  const answer = await beforeDeadline(work, budgetMs);
  return answer === LATE ? overBudget(tool, budgetMs) : answer;
}

function overBudget(tool: string, budgetMs: number): ToolFailure {
  const seconds = budgetMs / 1000;
  return fail(
    'timed_out',
    `${tool} did not finish within its ${seconds.toLocaleString('en-GB')} s budget; what it started may still complete, ` +
      'so check its effect before calling it again',
    { budget_ms: budgetMs },
  );
}
