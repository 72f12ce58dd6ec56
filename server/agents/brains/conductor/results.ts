import type { StrategicAdvice, TaskResult } from '../../../delegation/protocol.ts';
import type { BrainDecision } from '../brain.ts';
import type { ConductorContext } from './context.ts';
import { delegateItems, type TaskItem } from './delegate-flow.ts';
import { readLedger, requestState } from './ledger.ts';
import { mergeAnswer } from './merge.ts';

/**
 * A Companion's task_result: when it ends the last open task of its request, the merged answer;
 * a failed first attempt whose failing skill has an alternative is delegated again (avoiding that
 * skill, the Strategist's preferences applied); a task that waited for a free Companion is
 * delegated now; otherwise a short note of what is still running.
 */
export function onTaskResult(ctx: ConductorContext, r: TaskResult): BrainDecision {
  // What to do is decided on what was known when the result arrived; this turn's delegations are its doing.
  const ledger = readLedger(ctx.before);
  const mine = ledger.delegations.find((d) => d.taskId === r.task_id);
  if (!mine)
    return ctx.say(
      `A Companion reported task ${r.task_id} (${r.status}), which is not one of the tasks I delegated in this conversation.`,
      'Unknown task: note it, do nothing.',
    );
  const state = requestState(ledger, mine.request.id);
  const retries: TaskItem[] = state.flatMap((s) => {
    const failed = s.result?.status === 'failed' ? s.result.output.failed_skill : undefined;
    return s.latest && s.latest.attempt === 1 && typeof failed === 'string' ? [{ subject: s.subject, attempt: 2, avoid: [failed] }] : [];
  });
  const waiting: TaskItem[] = state.filter((s) => !s.latest).map((s) => ({ subject: s.subject, attempt: 1, avoid: [] }));
  let retried: string[] = [];
  if (retries.length || waiting.length) {
    const step = delegateItems(
      ctx,
      mine.request,
      [...retries, ...waiting],
      `Task ${r.task_id} ${r.status}: ` +
        `${retries.length ? `retry ${retries.map((i) => i.subject).join(', ')} without the failed skill; ` : ''}` +
        `${waiting.length ? `delegate the waiting ${waiting.map((i) => i.subject).join(', ')}` : ''}.`,
    );
    if (!step.done) return step.decision;
    retried = step.value.handed
      .filter((h) => h.item.attempt > 1)
      .map(
        (h) =>
          `${h.item.subject} (task \`${h.taskId}\` → ${h.companion.name}, skills ${step.value.skills.map((s) => s.replace('skill://', '')).join(', ')})`,
      );
  }
  const after = readLedger(ctx.input.history);
  const now = requestState(after, mine.request.id);
  const open = now.filter((s) => !s.result);
  const who = `${mine.subject}'s review`;
  const outcome = r.status === 'succeeded' ? 'is in' : `failed (${r.output.error ?? r.output.summary})`;
  if (retried.length)
    return ctx.say(
      `${who} ${outcome}. I've delegated it again without the skill that failed: ${retried.join('; ')}.`,
      'A failed first attempt: retried with an alternative skill.',
    );
  if (open.length) {
    const done = now.length - open.length;
    return ctx.say(
      `${who} ${outcome} (${done} of ${now.length}). Still waiting for ${open.map((s) => s.subject).join(', ')}.`,
      'Not every task of the request has its result yet.',
    );
  }
  return ctx.say(
    mergeAnswer(
      mine.request,
      now.map((s) => ({ subject: s.subject, result: s.result })),
    ),
    `Every task of request ${mine.request.id} has its result: merge them into one answer.`,
  );
}

/** The Strategist's advice: acknowledged in the conversation; its preferences apply from the next delegation (they are in strategist_guidelines). */
export function onAdvice(ctx: ConductorContext, a: StrategicAdvice): BrainDecision {
  const pct = Math.round(a.confidence * 100);
  return ctx.say(
    `The Strategist advises (${a.advice_type.replace(/_/g, ' ')}, ${pct}% confident): ${a.recommendation} ` +
      'I will follow its guidelines from my next delegation.',
    'Advice received; the guidelines block holds the preference.',
  );
}
