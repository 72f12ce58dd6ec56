'use client';
import { DeadLettersPanel } from '../dead-letters-panel';
import { HealthPanel } from '../health-panel';
import { ProcessPanel } from '../process-panel';
import { ClockNote } from './clock-note';
import { NotificationsPanel } from './notifications-panel';
import { ProblemsPanel } from './problems-panel';
import { useHealthQueries } from './queries';
import { QueuesPanel } from './queues-panel';
import { SchedulerPanel } from './scheduler-panel';
import { StoragePanel } from './storage-panel';
import { StreamsPanel } from './streams-panel';
import { WorkersPanel } from './workers-panel';

/**
 * Settings → Health. Everyone sees the adapters, the console process and the dead letters. An
 * admin's page is laid out for an operator (issue 34): the problems first, then what does the
 * work (workers, queues, the scheduler, notifications, the streams), then the process and storage.
 */
export function HealthTab({ isAdmin }: { isAdmin: boolean }) {
  const q = useHealthQueries(isAdmin);
  if (!isAdmin) {
    return (
      <div className="space-y-6">
        <ClockNote readAt={Math.max(q.adapters.dataUpdatedAt, q.process.dataUpdatedAt)} workers={false} />
        <HealthPanel query={q.adapters} />
        <ProcessPanel query={q.process} />
        <DeadLettersPanel isAdmin={false} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ProblemsPanel q={q} />
      <WorkersPanel query={q.workers} />
      <QueuesPanel query={q.queues} />
      <SchedulerPanel query={q.scheduler} />
      <NotificationsPanel query={q.notifications} />
      <StreamsPanel query={q.streams} />
      <DeadLettersPanel isAdmin />
      <ProcessPanel query={q.process} />
      <StoragePanel query={q.storage} />
      <HealthPanel query={q.adapters} />
    </div>
  );
}
