import { Badge } from '@/components/ui/badge';
import type { SentinelFinding } from '@/lib/planning/schemas';
import { callTime } from './format';
import { FINDING_TYPE_TEXT, findingDetailText, whenText } from './findings-text';
import type { PlanTimeline } from './timeline';
import { findingAnchors } from './timeline';
import { callAnchor, intentAnchor } from './anchors';

const LINK = 'font-medium text-indigo-700 underline underline-offset-2';
const callsOf = (t: PlanTimeline) => t.rows.flatMap((r) => (r.kind === 'intent' ? r.step.calls : [r.call]));

/**
 * A plan's findings: each in plain words (the sentinel's message, then what it rests on), with
 * links to the timeline rows that are its evidence, which the timeline marks as such.
 */
export function FindingList({ planId, findings, timeline }: { planId: string; findings: SentinelFinding[]; timeline: PlanTimeline }) {
  if (!findings.length) {
    return (
      <p className="text-sm text-slate-600" data-testid="plan-no-findings">
        No findings: the plan kept to its budget and its steps.
      </p>
    );
  }
  return (
    <ul aria-label="Findings" className="space-y-2" data-testid="plan-findings">
      {findings.map((f) => {
        const anchors = findingAnchors(f, timeline);
        const detail = findingDetailText(f);
        return (
          <li
            key={f.id}
            className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm"
            data-testid="plan-finding"
            data-finding-type={f.type}
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="warn" title={FINDING_TYPE_TEXT[f.type].meaning}>
                {FINDING_TYPE_TEXT[f.type].label}
              </Badge>
              <span className="text-xs text-slate-600">
                Found {whenText(f)}, {callTime(f.at)}
              </span>
            </div>
            <p className="mt-1 text-slate-900">{f.message}</p>
            {detail && <p className="mt-0.5 text-xs text-slate-700">{detail}</p>}
            {(anchors.records.length > 0 || anchors.intents.length > 0) && (
              <p className="mt-1 text-xs text-slate-700">
                Evidence:{' '}
                {anchors.records.map((id, i) => {
                  const step = callsOf(timeline).find((c) => c.id === id);
                  return (
                    <span key={id}>
                      {i > 0 && ', '}
                      <a href={`#${callAnchor(planId, id)}`} className={LINK}>
                        {step ? `call ${step.seq + 1} (${step.tool})` : `record ${id}`}
                      </a>
                    </span>
                  );
                })}
                {anchors.intents.map((i, n) => (
                  <span key={`i${i}`}>
                    {(n > 0 || anchors.records.length > 0) && ', '}
                    <a href={`#${intentAnchor(planId, i)}`} className={LINK}>
                      step {i + 1} ({timeline.intents[i]?.tool})
                    </a>
                  </span>
                ))}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
