'use client';
import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { RecentFailures } from './recent-failures';
import { ReliabilityFigures } from './reliability-figures';
import { totalUses } from './reliability-format';
import { SkillAlternatives } from './skill-alternatives';
import { SkillUsedBy } from './skill-used-by';
import { TrendSparkline } from './trend-sparkline';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      {children}
    </div>
  );
}

/**
 * How a skill has performed in recorded runs (`get_skill_reliability` from the knowledge graph):
 * rates and latency, a 14-day trend, recent failures, its alternatives and the saved workflows
 * that use it. The graph catches up with finished runs within seconds, hence the refresh button.
 * `onSelectSkill` / `onSelectVersion` open an alternative or a workflow in place instead of linking.
 */
export function SkillReliability({
  uri,
  headingLevel = 3,
  onSelectSkill,
  onSelectVersion,
}: {
  uri: string;
  headingLevel?: 2 | 3;
  onSelectSkill?(uri: string): void;
  onSelectVersion?(workflowId: string, version: string): void;
}) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.graph.reliability.queryOptions({ skill: uri }), staleTime: 0 });
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const report = q.data?.status === 'ok' ? q.data.skills[0] : undefined;

  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid="skill-reliability">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className="text-sm font-semibold text-slate-900">
          Reliability
        </Heading>
        <Button
          variant="ghost"
          className="px-2 py-0.5 text-xs"
          onClick={() => void q.refetch()}
          disabled={q.isFetching}
          aria-label={`Refresh the reliability of ${uri}`}
        >
          {q.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {q.isPending ? (
        <LoadingState label="Loading reliability from the knowledge graph…" />
      ) : q.isError ? (
        <ErrorState title="Reliability could not be loaded" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.status === 'error' ? (
        <ErrorState
          title="Skill reliability could not be read"
          message={q.data.error}
          code={q.data.error_code}
          onRetry={() => void q.refetch()}
        />
      ) : !report ? (
        <p className="text-sm text-slate-500">The knowledge graph returned no report for {uri}.</p>
      ) : (
        <>
          <ReliabilityFigures
            allTime={report.all_time}
            recent={report.recent}
            window={q.data.window}
            accuracy={report.accuracy}
            accuracyRequired={report.accuracy_required}
            accuracyFloor={q.data.accuracy_floor}
          />
          {totalUses(report.all_time) > 0 && (
            <>
              <Part title={`Trend (last ${report.trend.length} days)`}>
                <TrendSparkline trend={report.trend} />
              </Part>
              <Part title="Recent failures">
                <RecentFailures failures={report.recent_failures} />
              </Part>
            </>
          )}
          <Part title={`Alternatives${report.capability ? ` (${report.capability})` : ''}`}>
            <SkillAlternatives
              alternatives={report.alternatives}
              capability={report.capability}
              accuracyFloor={q.data.accuracy_floor}
              onSelect={onSelectSkill}
            />
          </Part>
          <Part title="Used by saved workflows">
            <SkillUsedBy usedBy={report.used_by} onSelect={onSelectVersion} />
          </Part>
        </>
      )}
    </section>
  );
}
