import { Badge, type Tone } from '@/components/ui/badge';
import { callAnchor, intentAnchor } from './anchors';
import { countOf, unitsText } from './format';
import { INTENT_STATES, type CallStep, type IntentStep, type PlanTimeline } from './timeline';

const CALL_TONES: Record<CallStep['status'], Tone> = { ok: 'ok', error: 'bad', refused: 'bad', running: 'info' };

/**
 * The plan beside what happened, as a table: one row per declared intent (what the agent meant
 * to call and why, with its fallback chain) and, in the same row, the calls that carried it out;
 * calls the plan did not declare get rows of their own, marked. Rows a finding rests on are
 * marked too, and are the targets of the finding's evidence links.
 */
export function PlanTimelineTable({
  planId,
  timeline,
  evidence,
}: {
  planId: string;
  timeline: PlanTimeline;
  evidence: ReadonlySet<string>;
}) {
  if (!timeline.rows.length) {
    return <p className="text-sm text-slate-600">The plan declared no tool calls and none were made.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="plan-timeline">
        <caption className="sr-only">The plan’s declared steps beside the calls that carried them out</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="w-10 px-3 py-2 font-medium">
              Step
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Declared in the plan
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              What happened
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {timeline.rows.map((row) =>
            row.kind === 'intent' ? (
              <IntentRow key={`i${row.step.index}`} planId={planId} step={row.step} evidence={evidence} />
            ) : (
              <UnplannedRow key={row.call.id} planId={planId} call={row.call} evidence={evidence} />
            ),
          )}
        </tbody>
      </table>
      {timeline.model.steps > 0 && (
        <p className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-600">
          Model steps: {countOf(timeline.model.steps, 'step')}, {unitsText(timeline.model.units)} (one unit a token).
        </p>
      )}
    </div>
  );
}

function IntentRow({ planId, step, evidence }: { planId: string; step: IntentStep; evidence: ReadonlySet<string> }) {
  const state = INTENT_STATES[step.state];
  const marked = evidence.has(`intent:${step.index}`);
  return (
    <tr
      id={intentAnchor(planId, step.index)}
      className={`align-top ${marked ? 'bg-amber-50' : ''}`}
      data-testid="plan-intent"
      data-state={step.state}
    >
      <th scope="row" className="px-3 py-2 font-medium text-slate-700">
        {step.index + 1}
      </th>
      <td className="px-3 py-2">
        <p className="font-mono text-xs font-semibold text-slate-900">{step.tool}</p>
        {step.skill && <p className="font-mono text-xs text-slate-600">{step.skill}</p>}
        <p className="mt-0.5 text-slate-700">{step.rationale}</p>
        {step.expectedOutcome && <p className="text-xs text-slate-500">Expects: {step.expectedOutcome}</p>}
        {step.fallbacks.length > 0 && (
          <ol aria-label="Fallbacks if it fails" className="mt-1 space-y-0.5 text-xs text-slate-600">
            {step.fallbacks.map((f, i) => (
              <li key={i}>
                If it fails{i > 0 ? ' again' : ''}: <span className="font-mono">{f.tool}</span>
                {f.skill && <span className="font-mono"> {f.skill}</span>} — {f.rationale}
              </li>
            ))}
          </ol>
        )}
      </td>
      <td className="px-3 py-2">
        <Badge tone={state.tone}>{state.label}</Badge>
        {marked && <span className="ml-2 text-xs font-medium text-amber-800">Evidence of a finding</span>}
        {step.skipRationale && <p className="mt-1 text-xs text-slate-600">The agent’s reason: {step.skipRationale}</p>}
        {step.calls.length > 0 && (
          <ul aria-label={`Calls for step ${step.index + 1}`} className="mt-1.5 space-y-1">
            {step.calls.map((c) => (
              <CallLine key={c.id} planId={planId} call={c} evidence={evidence} />
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

function UnplannedRow({ planId, call, evidence }: { planId: string; call: CallStep; evidence: ReadonlySet<string> }) {
  return (
    <tr className="bg-slate-50/60 align-top" data-testid="plan-unplanned">
      <th scope="row" className="px-3 py-2 text-xs font-medium text-slate-500">
        —
      </th>
      <td className="px-3 py-2">
        <Badge tone="warn">Not in the plan</Badge>
        {call.explained && <p className="mt-1 text-xs text-slate-600">The agent’s reason: {call.explained}</p>}
      </td>
      <td className="px-3 py-2">
        <ul aria-label="Unplanned call">
          <CallLine planId={planId} call={call} evidence={evidence} />
        </ul>
      </td>
    </tr>
  );
}

function CallLine({ planId, call, evidence }: { planId: string; call: CallStep; evidence: ReadonlySet<string> }) {
  const marked = evidence.has(call.id);
  return (
    <li
      id={callAnchor(planId, call.id)}
      data-testid="plan-call"
      data-status={call.status}
      className={`rounded-md px-2 py-1 text-xs ${marked ? 'bg-amber-100 ring-1 ring-amber-300' : 'bg-slate-50'}`}
    >
      <span className="font-mono font-semibold text-slate-900">{call.tool}</span>
      {call.skill && <span className="font-mono text-slate-600"> {call.skill}</span>}
      {call.fallbackLevel > 0 && <span className="ml-1 text-slate-600">(fallback {call.fallbackLevel})</span>}
      <span className="ml-2">
        <Badge tone={CALL_TONES[call.status]}>{call.outcome}</Badge>
      </span>
      <span className="mt-0.5 block text-slate-600">
        Call {call.seq + 1} · <time dateTime={call.startedAt}>{call.at}</time> · {call.duration} ·{' '}
        <span title={`from ${call.costSource}`}>{call.cost}</span>
        {marked && <span className="ml-1 font-medium text-amber-800">· evidence of a finding</span>}
      </span>
    </li>
  );
}
