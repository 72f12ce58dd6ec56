import { durationWords } from './format';
import { median } from './task-timeline-model';
import type { SessionDetail } from './types';

function Tile({
  label,
  value,
  note,
  tone = 'plain',
}: {
  label: string;
  value: string | number;
  note?: string;
  tone?: 'plain' | 'bad' | 'info';
}) {
  const colour = tone === 'bad' ? 'text-red-700' : tone === 'info' ? 'text-indigo-700' : 'text-slate-900';
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold tabular-nums ${colour}`}>{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-slate-500">{note}</dd>}
    </div>
  );
}

/** The session at a glance: what runs now, what came back, how full the pool is. */
export function SessionSummaryTiles({ detail }: { detail: SessionDetail }) {
  const t = detail.tasks;
  const running = t.filter((x) => x.status === 'delegated' || x.status === 'offered').length;
  const succeeded = t.filter((x) => x.status === 'succeeded').length;
  const failed = t.filter((x) => x.status === 'failed').length;
  const typical = median(t.flatMap((x) => (x.status === 'succeeded' && x.duration_s !== null ? [x.duration_s] : [])));
  const pool = detail.pool;
  return (
    <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label="Session at a glance">
      <Tile
        label="Running now"
        value={running}
        tone={running ? 'info' : 'plain'}
        note={t.some((x) => x.status === 'offered') ? 'including tasks waiting for a Companion' : undefined}
      />
      <Tile label="Succeeded" value={succeeded} note={typical !== null ? `typically in ${durationWords(typical)}` : undefined} />
      <Tile
        label="Failed"
        value={failed}
        tone={failed ? 'bad' : 'plain'}
        note={t.some((x) => x.status === 'cancelled') ? `${t.filter((x) => x.status === 'cancelled').length} cancelled` : undefined}
      />
      <Tile
        label="Companions"
        value={pool ? pool.length : '?'}
        note={pool ? `of at most ${detail.session.pool_max}` : 'the agent platform could not be read'}
      />
    </dl>
  );
}
