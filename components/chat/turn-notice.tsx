import { stopReasonText } from './format';
import type { FinishedTurn } from './use-chat-turns';

const TONES = {
  bad: 'border-red-200 bg-red-50 text-red-800',
  warn: 'border-amber-200 bg-amber-50 text-amber-900',
  neutral: 'border-slate-200 bg-white text-slate-700',
} as const;

/** How the last turn ended when that needs saying: refused, failed, stopped, cut off, or stopped early by the agent. */
export function TurnNotice({ finished, onDismiss }: { finished: FinishedTurn; onDismiss(): void }) {
  const { outcome, stopReason, usage } = finished;
  const early = outcome.kind === 'done' ? stopReasonText(stopReason) : null;
  const notice: { tone: keyof typeof TONES; text: string } | null =
    outcome.kind === 'refused'
      ? { tone: 'bad', text: `Not sent: ${outcome.message}` }
      : outcome.kind === 'error'
        ? { tone: 'bad', text: `The turn failed: ${outcome.message}. What the agent did before that is kept above.` }
        : outcome.kind === 'stopped'
          ? { tone: 'neutral', text: 'You stopped the turn. What the agent did until then is kept above.' }
          : outcome.kind === 'interrupted'
            ? {
                tone: 'warn',
                text:
                  'The connection closed before the agent finished. Above is what was stored so far; if the agent was ' +
                  'still working, its reply appears when you open the conversation again.',
              }
            : early
              ? { tone: 'warn', text: early }
              : null;

  const usageText =
    usage && usage.step_count > 0
      ? `Last turn: ${usage.step_count} ` +
        `step${usage.step_count === 1 ? '' : 's'}${usage.total_tokens > 0 ? ` · ${usage.total_tokens.toLocaleString('en-GB')} tokens` : ''}`
      : null;

  if (!notice)
    return usageText ? (
      <p className="text-center text-xs text-slate-500" data-testid="chat-usage">
        {usageText}
      </p>
    ) : null;
  return (
    <div
      role={notice.tone === 'bad' ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-2.5 text-sm ${TONES[notice.tone]}`}
      data-testid="chat-turn-notice"
      data-outcome={outcome.kind}
    >
      <p className="break-words">
        {notice.text}
        {usageText && <span className="block text-xs opacity-75">{usageText}</span>}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        className="shrink-0 rounded px-1.5 text-xs font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        Dismiss
      </button>
    </div>
  );
}
