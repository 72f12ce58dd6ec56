'use client';
import Link from 'next/link';
import { useNow } from '@/components/hooks/use-now';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { FinalizeSessionButton } from './finalize-session';
import { ago, dateTime } from './format';
import { sessionTitle } from './labels';
import type { SessionDetail } from './types';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Who the session is for, where it came from, when it ran, and (while active) Finalize. */
export function SessionHeaderCard({ detail }: { detail: SessionDetail }) {
  const s = detail.session;
  const now = useNow();
  const active = s.status === 'active';
  return (
    <section aria-labelledby="session-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="session-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            <span className="break-words">{sessionTitle(s)}</span>
            <Badge tone={active ? 'info' : 'neutral'}>{active ? 'Active' : 'Finalized'}</Badge>
          </h2>
          <p className="mt-0.5 flex items-center gap-1 font-mono text-xs break-all text-slate-500">
            session {s.id} <CopyButton text={s.id} label="Copy the session id" />
          </p>
        </div>
        {active && (
          <FinalizeSessionButton
            sessionId={s.id}
            companions={detail.pool?.length ?? null}
            openTasks={detail.tasks.filter((t) => t.status === 'delegated' || t.status === 'offered').length}
          />
        )}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-4">
        <Fact label="Owner">{s.owner ? `${s.owner.name} (${s.owner.email})` : 'No owner: made by a script or an agent'}</Fact>
        <Fact label="Conversation">
          {s.conversation?.yours ? (
            <Link href={`/chat?c=${s.conversation.id}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              {s.conversation.title ?? 'Open in Chat'}
            </Link>
          ) : s.conversation ? (
            <span title="Only its owner can open it in Chat.">{s.conversation.title ?? 'Deleted conversation'}</span>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Started">{dateTime(s.created_at)}</Fact>
        <Fact label={active ? 'Last activity' : 'Finalized'}>
          {active ? <span title={dateTime(s.updated_at)}>{ago(s.updated_at, now)}</span> : dateTime(s.finalized_at)}
        </Fact>
        <Fact label="Agent platform">{s.platform === 'letta' ? 'Letta' : 'Local runtime'}</Fact>
        <Fact label="Conductor">
          <span className="font-mono text-xs">{s.conductor_id}</span>
        </Fact>
        <Fact label="Strategist">
          {s.strategist_id ? (
            <span className="font-mono text-xs">{s.strategist_id}</span>
          ) : active ? (
            'None'
          ) : (
            'Deleted when the session was finalized'
          )}
        </Fact>
        {s.archive_path && (
          <Fact label="Archive">
            <span className="font-mono text-xs">{s.archive_path}</span>
          </Fact>
        )}
      </dl>
    </section>
  );
}
