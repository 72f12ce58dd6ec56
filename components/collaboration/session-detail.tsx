'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { AgentRef } from './agent-ref';
import { gist, KIND_TEXT, ratingsText, when } from './format';

const SUBTASK_TONE = { delegated: 'info', in_progress: 'warn', done: 'ok', failed: 'bad' } as const;

/** One session: its agents, the messages in order, the subtasks with outcomes, the evaluations. */
export function SessionDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.collaboration.session.queryOptions({ id }));
  if (q.isPending) return <LoadingState label="Loading the session…" />;
  if (q.isError) return <ErrorState title="The session could not be loaded" message={q.error.message} />;
  const s = q.data;
  const agent = (id: string) => <AgentRef key={id} id={id} names={s.agentNames} />;
  return (
    <div className="space-y-4" data-testid="collaboration-session">
      <Panel title={s.title}>
        <div className="space-y-2 px-4 py-3 text-sm text-slate-700">
          <p>{s.description}</p>
          <p>
            <span className="text-slate-500">Coordinator:</span> {agent(s.coordinatorId)}
          </p>
          <p className="flex flex-wrap items-baseline gap-2">
            <span className="text-slate-500">Participants:</span>
            {s.participantIds.map(agent)}
          </p>
        </div>
      </Panel>
      <Panel title={`Messages (${s.messages.length})`} headingLevel={3}>
        <ol className="divide-y divide-slate-100 text-sm">
          {s.messages.map((m) => (
            <li key={m.id} className="px-4 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="neutral">{KIND_TEXT[m.kind] ?? m.kind}</Badge>
                {agent(m.senderId)}
                <span className="text-slate-500">→</span>
                {m.recipientIds.map(agent)}
                <span className="ml-auto whitespace-nowrap text-xs text-slate-500">{when(m.createdAt)}</span>
              </div>
              <p className="mt-1 text-slate-700">{gist(m.body)}</p>
              {m.delivery.some((d) => d.status === 'failed') && (
                <p className="mt-1 text-xs text-red-700">
                  Not delivered to{' '}
                  {m.delivery
                    .filter((d) => d.status === 'failed')
                    .map((d) => `${d.agent_id} (${d.error})`)
                    .join(', ')}
                </p>
              )}
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title={`Subtasks (${s.subtasks.length})`} headingLevel={3}>
        <ul className="divide-y divide-slate-100 text-sm">
          {s.subtasks.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-2 px-4 py-2">
              <Badge tone={SUBTASK_TONE[t.status]}>{t.status.replace('_', ' ')}</Badge>
              <span className="font-medium">{t.id}</span>
              <span className="text-slate-700">{t.description}</span>
              {agent(t.assigneeId)}
              <span className="ml-auto whitespace-nowrap text-xs text-slate-500">
                delegated {when(t.delegatedAt)}
                {t.completedAt ? ` · done ${when(t.completedAt)}` : ''}
                {t.deadline ? ` · due ${when(t.deadline)}` : ''}
              </span>
              {t.result && (
                <p
                  className="basis-full whitespace-pre-wrap rounded bg-slate-50 px-2 py-1 text-xs text-slate-700"
                  data-testid="subtask-result"
                >
                  {t.result.length > 600 ? `${t.result.slice(0, 600)}…` : t.result}
                </p>
              )}
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={`Evaluations (${s.evaluations.length})`} headingLevel={3}>
        <ul className="divide-y divide-slate-100 text-sm">
          {s.evaluations.map((e) => (
            <li key={e.id} className="px-4 py-2">
              {agent(e.evaluatorId)} rated {agent(e.contributorId)} on {e.contributionRef}: {ratingsText(e.ratings)}
              {e.comments && <p className="text-slate-600">“{e.comments}”</p>}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
