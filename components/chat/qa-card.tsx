'use client';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { plural } from './format';
import type { FailedRule, QaResult } from './run-view';

const FIRST_RULES = 6;

function scoreTone(score: number, max: number): Tone {
  const r = max > 0 ? score / max : 0;
  return r >= 0.8 ? 'ok' : r >= 0.6 ? 'warn' : 'bad';
}

const TONE_TEXT: Record<Tone, string> = {
  ok: 'text-emerald-700',
  warn: 'text-amber-700',
  bad: 'text-red-700',
  info: 'text-indigo-700',
  neutral: 'text-slate-800',
};

function Rule({ r }: { r: FailedRule }) {
  return (
    <li className="rounded-lg border border-red-100 bg-red-50/50 p-3">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="bad">{r.ruleId}</Badge>
        {r.category && <span className="text-xs text-slate-500">{r.category.replace(/_/g, ' ')}</span>}
        {r.call && <Badge tone="neutral">call {r.call}</Badge>}
      </div>
      <p className="mt-1 font-medium text-slate-900">{r.rule}</p>
      {r.rationale && <p className="text-xs text-slate-600">{r.rationale}</p>}
      {r.evidence ? (
        <blockquote className="mt-2 border-l-4 border-red-300 pl-3 text-slate-700 italic">“{r.evidence}”</blockquote>
      ) : (
        <p className="mt-2 text-xs text-slate-500">Nothing in the call to quote: the required wording is missing.</p>
      )}
    </li>
  );
}

/**
 * The QA result of a run: the score (big), its breakdown by component, per-call scores when the
 * run scored several calls, and every failed compliance rule with the sentence it quotes. `calls`
 * (the run's per-call table from the QA store, run-calls-table.tsx) takes the place of the
 * per-call scores read from the output, and of the link to QA review, which it carries itself.
 */
export function QaCard({ qa, runId, calls = null }: { qa: QaResult; runId?: string; calls?: ReactNode }) {
  const [allRules, setAllRules] = useState(false);
  const tone = qa.score !== null && qa.maxScore !== null ? scoreTone(qa.score, qa.maxScore) : 'neutral';
  const rules = allRules ? qa.failedRules : qa.failedRules.slice(0, FIRST_RULES);
  const max = qa.maxScore ?? 100;
  return (
    <section
      aria-label={qa.score !== null ? 'QA result' : 'Compliance result'}
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
      data-testid="chat-qa-card"
    >
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        {qa.mean ? (
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Mean QA score</p>
            <p
              className={`text-5xl leading-none font-semibold tabular-nums ${TONE_TEXT[scoreTone(qa.mean.value, max)]}`}
              data-testid="chat-qa-score"
            >
              {qa.mean.value}
              <span className="text-xl font-normal text-slate-500">/{max}</span>
            </p>
            <p className="mt-1 text-xs text-slate-500">mean of {plural(qa.mean.count, 'per-call score')}</p>
          </div>
        ) : (
          qa.score !== null && (
            <div>
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">QA score</p>
              <p className={`text-5xl leading-none font-semibold tabular-nums ${TONE_TEXT[tone]}`} data-testid="chat-qa-score">
                {qa.score}
                <span className="text-xl font-normal text-slate-500">/{qa.maxScore}</span>
              </p>
            </div>
          )
        )}
        {qa.compliance && (
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Compliance</p>
            <p className="text-slate-800">
              {qa.compliance.passed} of {qa.compliance.passed + qa.compliance.failed} applicable rules passed
              {qa.compliance.notApplicable > 0 && <span className="text-slate-500"> · {qa.compliance.notApplicable} not applicable</span>}
            </p>
          </div>
        )}
      </div>
      {qa.mean && qa.score !== null ? (
        <p className="mt-2 text-xs text-slate-600" data-testid="chat-qa-pooled">
          Scored together as one body of work (the scorecard’s several-calls rule), the calls get {qa.score}/{qa.maxScore}
          {qa.capText ? ` — ${qa.capText}` : '.'} The breakdown below is that pooled score’s.
        </p>
      ) : (
        qa.capText && (
          <p className="mt-2 text-xs font-medium text-amber-800" data-testid="chat-qa-cap">
            {qa.capText}
          </p>
        )
      )}
      {runId && !calls && (
        <p className="mt-2 text-xs">
          <Link
            href={`/qa/open?run=${encodeURIComponent(runId)}`}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline"
            data-testid="chat-qa-open"
          >
            {qa.perCall.length > 1 ? 'Review these calls in QA review →' : 'Open the call in QA review →'}
          </Link>
        </p>
      )}

      {qa.breakdown.length > 0 && (
        <div className="mt-4">
          <p className="mb-1.5 text-xs font-medium text-slate-600">
            Breakdown
            {qa.formulaId && <span className="font-normal text-slate-500"> · formula {qa.formulaId}</span>}
          </p>
          <dl className="grid max-w-md grid-cols-[8rem_1fr] items-center gap-x-3 gap-y-1.5 text-xs">
            {qa.breakdown.map((b) => (
              <div key={b.component} className="contents">
                <dt className="text-slate-700 capitalize">{b.component.replace(/_/g, ' ')}</dt>
                <dd className="flex items-center gap-3">
                  <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                    <span
                      className="block h-full rounded-full bg-indigo-500"
                      style={{ width: `${Math.min(100, (b.points / max) * 100)}%` }}
                    />
                  </span>
                  <span className="w-14 text-right font-medium text-slate-900 tabular-nums">{b.points} pts</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}

      {calls && <div className="mt-4">{calls}</div>}
      {!calls && qa.perCall.length > 0 && (
        <div className="mt-4">
          <p className="mb-1.5 text-xs font-medium text-slate-600">Per call</p>
          <ul className="flex flex-wrap gap-1.5">
            {qa.perCall.map((c) => (
              <li key={c.call}>
                {runId ? (
                  <Link
                    href={`/qa/open?run=${encodeURIComponent(runId)}&call=${encodeURIComponent(c.call)}`}
                    title={`Open ${c.call} in QA review`}
                  >
                    <Badge tone={scoreTone(c.score, c.maxScore)}>
                      <span className="font-mono">{c.call}</span> {c.score}/{c.maxScore}
                    </Badge>
                  </Link>
                ) : (
                  <Badge tone={scoreTone(c.score, c.maxScore)}>
                    <span className="font-mono">{c.call}</span> {c.score}/{c.maxScore}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-4">
        <p className="mb-1.5 text-xs font-medium text-slate-600">Failed rules ({qa.failedRules.length})</p>
        {qa.failedRules.length === 0 ? (
          <p className="text-xs text-emerald-700">No compliance rule failed.</p>
        ) : (
          <>
            <ul className="space-y-2">
              {rules.map((r, i) => (
                <Rule key={`${r.call ?? ''}-${r.ruleId}-${i}`} r={r} />
              ))}
            </ul>
            {qa.failedRules.length > FIRST_RULES && (
              <button
                type="button"
                onClick={() => setAllRules((a) => !a)}
                aria-expanded={allRules}
                className="mt-2 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
              >
                {allRules ? 'Show fewer' : `Show all ${plural(qa.failedRules.length, 'failed rule')}`}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
