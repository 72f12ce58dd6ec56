import type { ReactNode } from 'react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { RECORDED_PARTS } from '@/lib/analysis';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import { startedByText } from '@/lib/started-by';
import { editorHref } from '@/components/workflows/editor-links';
import { scoreText, statusLabel, statusTone } from '../format';
import type { QaDetailView } from '../types';
import { qaDetailHref } from '../queue/links';

const skillName = (s: string | null) => (s ? s.replace(/^skill:\/\//, '') : '—');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

/**
 * Where this result came from: the workflow version, the skill version behind each part, the
 * rule set, the brain, the run (linked) and when it finished (the console's clock), who started it
 * — and the other analyses of the same call, each linked to its own detail.
 */
export function ProvenancePanel({ qa }: { qa: QaDetailView }) {
  const p = qa.provenance;
  return (
    <div className="space-y-4" data-testid="provenance">
      <dl className="divide-y divide-slate-100">
        <Row label="Workflow">
          <Link
            className="text-indigo-700 hover:underline"
            href={editorHref({ kind: 'saved', workflowId: qa.workflow_id, version: qa.workflow_version })}
          >
            {qa.workflow_name}
          </Link>{' '}
          <span className="font-mono text-xs text-slate-500">v{qa.workflow_version}</span>
        </Row>
        {RECORDED_PARTS.map((part) => (
          <Row key={part} label={`${part[0]!.toUpperCase()}${part.slice(1)} skill`}>
            <span className="font-mono text-xs">{skillName(p.skills[part])}</span>
            {p.states[part] && <span className="block font-mono text-xs text-slate-500">{p.states[part]}</span>}
          </Row>
        ))}
        <Row label="Rule set">
          <span className="font-mono text-xs">{p.rule_set_id ?? '—'}</span>
        </Row>
        <Row label="Brain">{p.brain}</Row>
        <Row label="Run">
          <Link
            className="font-mono text-xs text-indigo-700 hover:underline"
            href={`/runs/${encodeURIComponent(qa.run_id)}`}
            data-testid="provenance-run"
          >
            {qa.run_id}
          </Link>
          {p.started_by && (
            <span className="block text-xs text-slate-500" title={p.started_by}>
              started by {startedByText(p.started_by)}
            </span>
          )}
        </Row>
        <Row label="Run finished">
          <time dateTime={qa.run_finished_at} title={ukExact(qa.run_finished_at)}>
            {ukDateTime(qa.run_finished_at)}
          </time>
        </Row>
      </dl>
      <div>
        <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Other analyses of this call</h3>
        {qa.other_analyses.length === 0 ? (
          <p className="text-xs text-slate-500">None: this is the only run that analysed {qa.call_id}.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="other-analyses">
            {qa.other_analyses.map((o) => (
              <li key={o.qa_result_id} className="flex flex-wrap items-center gap-2">
                <Link href={qaDetailHref(o.qa_result_id)} className="text-indigo-700 hover:underline">
                  Run finished <time dateTime={o.run_finished_at}>{ukDateTime(o.run_finished_at)}</time>
                </Link>
                <span className="font-mono text-xs text-slate-500">v{o.workflow_version}</span>
                <span className="tabular-nums">AI score {scoreText(o.score)}</span>
                <Badge tone={statusTone(o.review_status)}>{statusLabel(o.review_status)}</Badge>
                {o.latest && <Badge tone="info">Call’s record</Badge>}
                {o.reanalysis_of && <Badge tone="warn">Re-analysed after sign-off</Badge>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
