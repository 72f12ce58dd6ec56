'use client';
import Link from 'next/link';
import { Badge, type Tone } from '@/components/ui/badge';
import { clockTime, durationWords, secondsBetween, skillName } from '@/components/companions/format';
import { ProgressMeter } from '@/components/companions/progress-meter';
import { SkillChips } from '@/components/companions/skill-chips';
import type { DelegationCard as Card, DelegationStatus } from './delegation-cards';
import { useNow } from '../hooks/use-now';

const LOOK: Record<DelegationStatus, { label: string; tone: Tone; live?: boolean }> = {
  sending: { label: 'Sending…', tone: 'info', live: true },
  refused: { label: 'Not delegated', tone: 'bad' },
  offered: { label: 'Waiting for a Companion', tone: 'warn', live: true },
  delegated: { label: 'Running', tone: 'info', live: true },
  succeeded: { label: 'Succeeded', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  no_result: { label: 'Offered to nobody', tone: 'warn' },
};

function Timing({ card, now }: { card: Card; now: number }) {
  if (!card.delegatedAt) return null;
  const running = card.status === 'delegated' || card.status === 'offered';
  return (
    <p className="text-xs text-slate-500">
      Delegated at {clockTime(card.delegatedAt)}
      {running && <> · running for {durationWords(secondsBetween(card.delegatedAt, null, now))}</>}
      {!running && card.durationS !== null && <> · took {durationWords(card.durationS)}</>}
      {card.toolCalls !== null && <> · {card.toolCalls} tool calls</>}
    </p>
  );
}

/**
 * A task the Conductor delegated (delegate_task / broadcast_task), live: its Companion and skills,
 * then its progress and, once the result is in, how long it took and what came back — or why
 * it failed. `streaming` says whether the Conductor's turn is still running (a call without a
 * return after the turn ended did not finish).
 */
export function DelegationCard({ card, streaming, companionsHref }: { card: Card; streaming: boolean; companionsHref: string | null }) {
  const open = card.status === 'delegated' || card.status === 'offered';
  const now = useNow(open ? 1000 : 60_000);
  const look = card.status === 'sending' && !streaming ? { label: 'No result', tone: 'neutral' as Tone, live: false } : LOOK[card.status];
  return (
    <section
      aria-label={`Delegated task ${card.taskId}`}
      className="max-w-[85%] rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xs"
      data-testid="chat-delegation-card"
      data-status={card.status}
      data-task-id={card.taskId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {card.tool === 'broadcast_task' ? 'Task offered to the pool' : 'Delegated task'}
          </p>
          <p className="mt-0.5 font-semibold break-words text-slate-900">{card.description || card.taskId}</p>
          <p className="font-mono text-xs break-all text-slate-500">
            {card.taskId}
            {card.retryOf && <span className="font-sans"> · a retry of {card.retryOf}</span>}
          </p>
        </div>
        <span className="flex items-center gap-2" aria-live="polite">
          {look.live && <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />}
          <Badge tone={look.tone}>{look.label}</Badge>
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-500">Companion</dt>
        <dd className="text-slate-800">
          {card.companionId ? (
            <>
              <span className="font-medium">{card.companionName ?? card.companionId}</span>
              {card.specialization && <> ({card.specialization})</>}
            </>
          ) : card.offeredTo !== null ? (
            `offered to ${card.offeredTo} Companion${card.offeredTo === 1 ? '' : 's'}; none has claimed it yet`
          ) : (
            '—'
          )}
        </dd>
        <dt className="text-slate-500">Skills</dt>
        <dd>
          <SkillChips skills={card.skills} label={`Skills of task ${card.taskId}`} />
        </dd>
      </dl>
      <div className="mt-3 space-y-2">
        {card.status === 'delegated' &&
          (card.progress ? (
            <ProgressMeter pct={card.progress.pct} message={card.progress.message} label={`Progress of task ${card.taskId}`} />
          ) : (
            <p className="text-xs text-slate-500">No progress reported yet.</p>
          ))}
        <Timing card={card} now={now} />
        {card.status === 'succeeded' && card.summary && (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900">{card.summary}</p>
        )}
        {card.status === 'failed' && (
          <p className="rounded-md bg-red-50 px-3 py-2 text-red-800" role="status">
            <span className="font-medium">Why it failed: </span>
            {card.error ?? 'the Companion gave no reason'}
            {card.failedSkill && (
              <>
                {' '}
                (failing skill: <span className="font-mono text-xs">{skillName(card.failedSkill)}</span>)
              </>
            )}
          </p>
        )}
        {card.status === 'refused' && <p className="rounded-md bg-red-50 px-3 py-2 text-red-800">{card.refusal}</p>}
        {card.status === 'cancelled' && <p className="text-xs text-slate-600">{card.error ?? 'The task ended without a result.'}</p>}
        {card.status === 'no_result' && <p className="text-xs text-slate-600">No Companion matched the filter, so nobody received it.</p>}
      </div>
      {companionsHref && (
        <p className="mt-3 text-xs">
          <Link href={companionsHref} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Follow it on the Companions page
          </Link>
        </p>
      )}
    </section>
  );
}
