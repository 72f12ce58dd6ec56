'use client';
import { formatLatency, formatRate } from '@/components/skills/reliability-format';
import { skillLabel } from '@/components/graph/skill-chip';
import { useSkillFigures } from '../skill-figures';

/** A bound skill on a Task node: its name@version, success rate and p95 latency from the graph. */
export function SkillRow({ uri }: { uri: string }) {
  const f = useSkillFigures().get(uri);
  const rateTone =
    f?.successRate == null
      ? 'text-slate-400'
      : f.successRate >= 0.95
        ? 'text-emerald-700'
        : f.successRate >= 0.8
          ? 'text-amber-700'
          : 'text-red-700';
  return (
    <li className="flex h-6 items-center justify-between gap-2 text-[11px]" data-testid="node-skill" data-skill={uri}>
      <span className="truncate rounded bg-slate-50 px-1.5 font-mono text-slate-700 ring-1 ring-slate-200 ring-inset" title={uri}>
        {skillLabel(uri)}
      </span>
      <span className="shrink-0 tabular-nums text-slate-500" title={f ? `${f.runs} uses recorded` : 'no uses recorded yet'}>
        <span className={rateTone}>{formatRate(f?.successRate ?? null)}</span> · p95 {formatLatency(f?.p95Ms ?? null)}
      </span>
    </li>
  );
}
