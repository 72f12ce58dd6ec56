'use client';
import { Badge } from '@/components/ui/badge';
import type { ToolCallPlan } from '@/lib/planning/schemas';
import { callTime, declaredByText, MODE_TEXT, policyText, shortId, STATE_LABELS, STATE_TONES, unitText } from './format';
import { usePlan } from './use-plans';

/** Where a plan id leads: by default its panel on the same page (the list renders each with this id). */
export type PlanLink = (planId: string) => string;
export const samePagePlan: PlanLink = (id) => `#plan-${shortId(id)}`;
const LINK = 'font-medium text-indigo-700 underline';

/**
 * A plan's heading: its goal, state, mode, who declared it and for what, its policy, and its place
 * in a replan chain ("replaces plan … because …", "replaced by plan …, because …").
 */
export function PlanHeader({ plan, planLink = samePagePlan }: { plan: ToolCallPlan; planLink?: PlanLink }) {
  const mode = MODE_TEXT[plan.mode];
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATE_TONES[plan.executionState]}>{STATE_LABELS[plan.executionState]}</Badge>
        <Badge tone={plan.mode === 'enforce' ? 'info' : 'neutral'} title={mode.hint}>
          {mode.label} mode
        </Badge>
        <span className="text-xs text-slate-600">
          {unitText(plan.unit)} · plan {shortId(plan.planId)}
        </span>
      </div>
      <p className="text-sm font-medium text-slate-900" data-testid="plan-goal">
        {plan.planningContext.goal}
      </p>
      <p className="text-xs text-slate-600">
        {declaredByText(plan)} · agent <span className="font-mono">{plan.agent_id}</span> · {callTime(plan.created_at)}
        {plan.ended_at ? ` – ended ${callTime(plan.ended_at)}` : ''}
      </p>
      <p className="text-xs text-slate-600">
        Policy: {policyText(plan.planningContext.policy)}
        {plan.planningContext.constraints.scaleFactor !== undefined
          ? ` · scale factor ${plan.planningContext.constraints.scaleFactor}`
          : ''}
      </p>
      {plan.given_skills.length > 0 && (
        <p className="text-xs text-slate-600">
          Skills handed to it: <span className="font-mono">{plan.given_skills.join(', ')}</span>
        </p>
      )}
      {plan.replaces && (
        <p className="text-xs text-slate-700" data-testid="plan-replaces">
          Replaces plan{' '}
          <a className={LINK} href={planLink(plan.replaces)}>
            {shortId(plan.replaces)}
          </a>
          {plan.replan_reason ? `, because ${plan.replan_reason}` : ''}
        </p>
      )}
      {plan.replaced_by && <ReplacedBy id={plan.replaced_by} planLink={planLink} />}
    </div>
  );
}

/** "Replaced by plan …, because …": the reason is the replacing plan's (update_tool_call_plan's reason). */
function ReplacedBy({ id, planLink }: { id: string; planLink: PlanLink }) {
  const next = usePlan(id);
  const reason = next.state === 'ok' ? next.data?.plan.replan_reason : null;
  return (
    <p className="text-xs text-slate-700" data-testid="plan-replaced-by">
      Replaced by plan{' '}
      <a className={LINK} href={planLink(id)}>
        {shortId(id)}
      </a>
      {reason ? `, because ${reason}` : ''}
    </p>
  );
}
