'use client';
import { Panel } from '@/components/ui/panel';
import { ClockNote } from './clock-note';
import { findProblems, type HealthReads } from './problems';
import type { HealthQueries } from './queries';

const TONE = { bad: 'border-red-300 bg-red-50 text-red-800', warn: 'border-amber-200 bg-amber-50 text-amber-900' } as const;

type Answer<T> = { available: true; data: T } | { available: false; reason: string } | undefined;
const figures = <T,>(a: Answer<T>): T | undefined => (a?.available ? a.data : undefined);

/**
 * The top of an admin's health page: every problem the panels below show, red lines first, each
 * linking to its panel; and which clock the page's times are on. Reads the panels' own queries
 * (shared cache), so it says nothing the panels do not.
 */
export function ProblemsPanel({ q }: { q: HealthQueries }) {
  const reads: HealthReads = {
    now: new Date(),
    adapters: q.adapters.data,
    process: q.process.data,
    workers: figures(q.workers.data),
    queues: figures(q.queues.data),
    scheduler: figures(q.scheduler.data),
    notifications: q.notifications.data,
    streams: figures(q.streams.data),
    storage: q.storage.data,
  };
  const all = Object.values(q);
  const reading = all.some((x) => x.isPending);
  const failed = all.filter((x) => x.isError).length;
  const problems = findProblems(reads);
  return (
    <Panel id="problems" title="Problems">
      <div data-testid="health-problems" className="space-y-3 text-sm">
        {problems.length === 0 ? (
          <p className="text-emerald-800">{reading ? 'Reading the figures…' : 'No problem found in the figures below.'}</p>
        ) : (
          <ul className="space-y-1.5">
            {problems.map((p, i) => (
              <li key={i} data-testid="health-problem" data-tone={p.tone} className={`rounded-md border px-3 py-2 ${TONE[p.tone]}`}>
                <span className="font-semibold">{p.tone === 'bad' ? 'Problem: ' : 'Check: '}</span>
                {p.text}{' '}
                <a href={`#${p.panel}`} className="underline underline-offset-2">
                  See the panel
                </a>
              </li>
            ))}
          </ul>
        )}
        {failed > 0 && <p className="text-red-700">{failed === 1 ? 'One panel' : `${failed} panels`} could not be read: see below.</p>}
        <ClockNote readAt={Math.max(...all.map((x) => x.dataUpdatedAt))} workers />
      </div>
    </Panel>
  );
}
