'use client';
import { useNow } from '@/components/hooks/use-now';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/states';
import { TableHead } from '@/components/ui/table-head';
import { EvidenceList } from './evidence-list';
import { ago, dateTime, skillName } from './format';
import type { SessionDetail } from './types';

type Rec = Record<string, unknown>;
const text = (r: Rec) =>
  typeof r.recommendation === 'string'
    ? r.recommendation
    : typeof r.reason === 'string'
      ? r.reason
      : typeof r.warning === 'string'
        ? r.warning
        : typeof r.message === 'string'
          ? r.message
          : JSON.stringify(r);
const pct = (c: unknown) => (typeof c === 'number' ? `${Math.round(c * 100)}% confident` : null);

function Published({ items, title, tone }: { items: readonly Rec[]; title: string; tone: 'info' | 'warn' }) {
  if (!items.length) return null;
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <ul className="mt-2 space-y-2">
        {[...items].reverse().map((r, i) => (
          <li key={i} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              {typeof r.type === 'string' && <Badge tone={tone}>{r.type.replace(/_/g, ' ')}</Badge>}
              {typeof r.revision === 'number' && <span className="text-xs text-slate-500">revision {r.revision}</span>}
              {typeof r.at === 'string' && <span className="text-xs text-slate-500">{dateTime(r.at)}</span>}
              {pct(r.confidence) && <span className="text-xs text-slate-500">{pct(r.confidence)}</span>}
            </p>
            <p className="mt-1 text-slate-800">{text(r)}</p>
            {r.evidence !== null && typeof r.evidence === 'object' && !Array.isArray(r.evidence) && (
              <EvidenceList evidence={r.evidence as Rec} label="Evidence" />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the Strategist said: the guidelines it published (skill preferences, recommendations, warnings, companion strategy)
 * and its advice messages to the Conductor.
 */
export function StrategistPanel({ detail }: { detail: SessionDetail }) {
  const now = useNow();
  const g = detail.guidelines;
  const prefs = Object.entries(g.skill_preferences);
  const strategy = Object.entries(g.companion_strategy);
  return (
    <div className="space-y-6">
      <section aria-labelledby="guidelines-title" className="space-y-4">
        <div>
          <h3 id="guidelines-title" className="text-sm font-semibold text-slate-900">
            Guidelines for the Conductor
          </h3>
          <p className="text-xs text-slate-600">
            {g.revision ? (
              <>
                Revision {g.revision}, published <span title={dateTime(g.updated_at)}>{ago(g.updated_at, now)}</span>. The Conductor reads
                them before every delegation.
              </>
            ) : (
              'Nothing published yet: the Strategist publishes guidelines once it has seen enough results.'
            )}
          </p>
        </div>
        {prefs.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Skill preferences">
              <TableHead columns={['Capability', 'Prefer', 'Avoid', 'Why', 'Confidence', 'Since']} />
              <tbody className="divide-y divide-slate-100 align-top">
                {prefs.map(([cap, p]) => (
                  <tr key={cap}>
                    <td className="py-2 pr-4 font-medium">{cap}</td>
                    <td className="py-2 pr-4 font-mono text-xs text-emerald-800">{skillName(p.prefer)}</td>
                    <td className="py-2 pr-4 font-mono text-xs text-red-700">{p.avoid.length ? p.avoid.map(skillName).join(', ') : '—'}</td>
                    <td className="py-2 pr-4">{p.reason || '—'}</td>
                    <td className="py-2 pr-4 text-xs">{p.confidence !== null ? `${Math.round(p.confidence * 100)}%` : '—'}</td>
                    <td className="py-2 text-xs text-slate-600">revision {p.since_revision}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Published items={g.warnings} title="Warnings" tone="warn" />
        <Published items={g.recommendations} title="Recommendations" tone="info" />
        {strategy.length > 0 && (
          <div>
            <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Companion strategy</h4>
            <EvidenceList evidence={g.companion_strategy} label="Companion strategy" />
          </div>
        )}
      </section>
      <section aria-labelledby="advice-title">
        <h3 id="advice-title" className="text-sm font-semibold text-slate-900">
          Advice sent to the Conductor
        </h3>
        {detail.advice.length === 0 ? (
          <div className="mt-2">
            <EmptyState title="No advice yet">
              The Strategist sends advice (strategic_advice) when the session’s results show a pattern worth acting on.
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="advice-list">
            {[...detail.advice].reverse().map((a) => (
              <li key={a.event_id} className="rounded-md border border-sky-200 bg-sky-50/50 px-3 py-2 text-sm" data-testid="advice-item">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone="info">{a.advice_type.replace(/_/g, ' ')}</Badge>
                  {pct(a.confidence) && <span className="text-xs text-slate-600">{pct(a.confidence)}</span>}
                  <span className="text-xs text-slate-500" title={dateTime(a.at)}>
                    {ago(a.at, now)}
                  </span>
                </p>
                <p className="mt-1 text-slate-900">{a.recommendation}</p>
                <EvidenceList evidence={a.evidence} label="Evidence" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
