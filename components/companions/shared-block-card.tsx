'use client';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ago, count, dateTime } from './format';
import { BLOCK_TITLES } from './block-diff';
import { BlockValue } from './block-value';
import { actorName, type Names } from './labels';
import { RevisionChange } from './revision-change';
import type { SharedBlock } from './types';

/** Revisions shown before "Show all". */
const FIRST = 15;

/** One shared block: what it holds now, how full it is, and every revision with who wrote it, why, and what changed. */
export function SharedBlockCard({ sessionId, block: b, names, now }: { sessionId: string; block: SharedBlock; names: Names; now: number }) {
  const [shown, setShown] = useState<number | null>(null);
  const [all, setAll] = useState(false);
  const about = BLOCK_TITLES[b.label] ?? { title: b.label, about: '' };
  const latest = b.revisions[0];
  const chars = b.value?.length ?? 0;
  const revisions = all ? b.revisions : b.revisions.slice(0, FIRST);
  return (
    <section
      aria-labelledby={`block-${b.label}`}
      className="rounded-lg border border-slate-200 p-4"
      data-testid="shared-block"
      data-label={b.label}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`block-${b.label}`} className="text-sm font-semibold text-slate-900">
            {about.title} <span className="font-mono text-xs font-normal text-slate-500">{b.label}</span>
          </h3>
          <p className="mt-0.5 text-xs text-slate-600">{about.about}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <Badge tone="info">revision {b.revision}</Badge>
          {b.limit !== null && (
            <span title="Characters used of the block's limit">
              {chars.toLocaleString('en-GB')} of {b.limit.toLocaleString('en-GB')} characters
            </span>
          )}
        </div>
      </div>
      {latest && (
        <p className="mt-2 text-xs text-slate-600">
          Last written by {actorName(latest.writer, names)} ({latest.reason}) <span title={dateTime(latest.at)}>{ago(latest.at, now)}</span>
          .
        </p>
      )}
      {!b.on_platform && (
        <p className="mt-2 rounded bg-slate-100 px-2 py-1 text-xs text-slate-700">
          Deleted from the agent platform when the session was finalized: this is its last recorded value.
        </p>
      )}
      {b.read_error && (
        <p role="alert" className="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          The agent platform could not be read ({b.read_error}): this is its last recorded value.
        </p>
      )}
      <div className="mt-3">
        <BlockValue label={b.label} value={b.value} />
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-xs font-medium text-slate-700">Revision history ({count(b.revision, 'revision')})</summary>
        {b.revisions.length < b.revision && (
          <p className="mt-1 text-xs text-slate-500">The newest {b.revisions.length} are listed; the console keeps every one.</p>
        )}
        <ol className="mt-2 space-y-1" aria-label={`Revisions of ${b.label}, newest first`}>
          {revisions.map((r) => (
            <li key={r.revision} className="rounded border border-slate-100 px-2 py-1.5 text-xs">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium text-slate-900">Revision {r.revision}</span> · {actorName(r.writer, names)} · {r.reason} ·{' '}
                  <span title={dateTime(r.at)}>{dateTime(r.at)}</span> · {count(r.chars, 'character')}
                </span>
                <button
                  type="button"
                  aria-expanded={shown === r.revision}
                  onClick={() => setShown(shown === r.revision ? null : r.revision)}
                  className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  {shown === r.revision ? 'Hide the change' : r.revision === 1 ? 'Show the first value' : 'Show what changed'}
                </button>
              </div>
              {shown === r.revision && (
                <div className="mt-2">
                  <RevisionChange sessionId={sessionId} blockId={b.block_id} label={b.label} revision={r.revision} />
                </div>
              )}
            </li>
          ))}
        </ol>
        {!all && b.revisions.length > FIRST && (
          <button
            type="button"
            onClick={() => setAll(true)}
            className="mt-2 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            Show all {b.revisions.length} revisions
          </button>
        )}
      </details>
    </section>
  );
}
