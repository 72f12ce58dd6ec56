'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TabList } from '@/components/ui/tab-list';
import { ActivityLog } from './activity-log';
import { PoolPanel } from './pool-panel';
import { SessionHeaderCard } from './session-header-card';
import { SessionSummaryTiles } from './session-summary-tiles';
import { SharedBlocksPanel } from './shared-blocks-panel';
import { StrategistPanel } from './strategist-panel';
import { TaskTimeline } from './task-timeline';

type Tab = 'tasks' | 'pool' | 'memory' | 'strategist' | 'activity';

const trpcCode = (err: unknown) => (err as { data?: { code?: string } } | null)?.data?.code;

/**
 * One session: its header (owner, conversation, times, Finalize), counts at a glance, and tabs for
 * the delegated tasks, the Companion pool, the shared memory blocks, the Strategist and the raw
 * activity. Re-read by the page whenever one of its events arrives.
 */
export function SessionDetailView({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const trpc = useTRPC();
  const [tab, setTab] = useState<Tab>('tasks');
  const query = useQuery({
    ...trpc.companions.session.queryOptions({ session_id: sessionId }),
    retry: (n, err) => n < 2 && !['NOT_FOUND', 'BAD_REQUEST', 'FORBIDDEN', 'UNAUTHORIZED'].includes(trpcCode(err) ?? ''),
  });
  if (query.isPending) return <LoadingState label="Loading the session…" />;
  if (query.isError) {
    if (trpcCode(query.error) === 'NOT_FOUND') {
      return (
        <EmptyState title="No such session">
          It does not exist, or it is another user’s.{' '}
          <button type="button" onClick={onClose} className="font-medium text-indigo-700 underline underline-offset-2">
            Close it
          </button>
        </EmptyState>
      );
    }
    return <ErrorState title="The session could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const d = query.data;
  const names = { agents: d.agents, people: d.people };
  const tabs: ReadonlyArray<{ id: Tab; label: string }> = [
    { id: 'tasks', label: `Tasks (${d.tasks.length})` },
    { id: 'pool', label: `Companions (${d.pool?.length ?? '?'})` },
    { id: 'memory', label: 'Shared memory' },
    { id: 'strategist', label: `Strategist (${d.advice.length + d.guideline_updates.length})` },
    { id: 'activity', label: `Activity (${d.activity.length})` },
  ];
  return (
    <div className="min-w-0 space-y-4" data-testid="session-detail" data-session-id={d.session.id} data-status={d.session.status}>
      <SessionHeaderCard detail={d} />
      <SessionSummaryTiles detail={d} />
      <section className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <TabList<Tab> tabs={tabs} tab={tab} onTab={setTab} label="Session views" idPrefix="session" />
        <div
          role="tabpanel"
          id={`session-panel-${tab}`}
          aria-labelledby={`session-tab-${tab}`}
          tabIndex={0}
          className="p-4 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {tab === 'tasks' && <TaskTimeline tasks={d.tasks} names={names} finalized={d.session.status === 'finalized'} />}
          {tab === 'pool' && <PoolPanel detail={d} names={names} />}
          {tab === 'memory' && <SharedBlocksPanel sessionId={d.session.id} blocks={d.blocks} names={names} />}
          {tab === 'strategist' && <StrategistPanel detail={d} />}
          {tab === 'activity' && <ActivityLog activity={d.activity} truncated={d.activity_truncated} names={names} />}
        </div>
      </section>
    </div>
  );
}
