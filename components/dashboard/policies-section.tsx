'use client';
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { FIELD } from '@/components/ui/button';
import { policiesAnswer } from '@/components/planning/answers';
import type { PolicyComparison } from '@/lib/planning/schemas';
import { FigureGrid } from './figure-grid';
import { countText } from './format';
import { policiesFigures } from './policies-figures';
import { StatTile } from './stat-tile';
import { widgetState } from './widget-state';
import { WidgetSection } from './widget-section';

const SOURCES: Record<PolicyComparison['source'], string> = {
  offline_replay: 'Offline replay of the recorded history',
  live_split: 'Live split between two strategies',
};

/**
 * Policies compared (issue 17): the explore/exploit strategies for choosing a skill, compared on
 * this deployment's own recorded skill uses (compare_policies): per strategy its success rate,
 * regret and latency with the decisions behind each figure, and the method in a sentence, so a
 * reader knows how far to trust a figure made from few decisions.
 */
export function PoliciesSection() {
  const trpc = useTRPC();
  const [source, setSource] = useState<PolicyComparison['source']>('offline_replay');
  const q = useQuery({ ...trpc.dashboard.policies.queryOptions({ source }), placeholderData: keepPreviousData });
  const widget = widgetState(q, policiesAnswer, (d) => d.method);
  const lead = (
    <label className="mt-1 flex items-center gap-2 text-xs font-medium text-slate-600 print:hidden">
      Compared by
      <select
        className={FIELD}
        value={source}
        data-testid="policies-source"
        onChange={(e) => setSource(e.target.value as PolicyComparison['source'])}
      >
        {(Object.keys(SOURCES) as Array<PolicyComparison['source']>).map((s) => (
          <option key={s} value={s}>
            {SOURCES[s]}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <WidgetSection id="policies" title="Policies compared" widget={widget} lead={lead}>
      {(data) => <PoliciesBody data={data} />}
    </WidgetSection>
  );
}

function PoliciesBody({ data }: { data: PolicyComparison }) {
  const figures = useMemo(() => policiesFigures(data), [data]);
  const context = { about: SOURCES[data.source].toLowerCase(), period: null, linkLabel: 'Open' };
  return (
    <div className="space-y-3" data-testid="policies-body">
      <div className="grid gap-3 sm:grid-cols-2">
        <StatTile
          label="Decisions in the history"
          value={countText(data.history_decisions)}
          detail="skill uses of capabilities with two or more skills"
        />
        <StatTile
          label="Capabilities"
          value={countText(data.capabilities.length)}
          detail={data.capabilities.length ? data.capabilities.join(', ') : 'none with a choice of skills'}
        />
      </div>
      <FigureGrid figures={figures} context={context} />
    </div>
  );
}
