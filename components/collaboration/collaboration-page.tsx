'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { SessionDetail } from './session-detail';
import { ukDate } from '@/lib/uk-time';

/**
 * Collaboration sessions newest first (admins, read-only); choosing one shows what happened in it
 * beside the list.
 */
const COLUMNS = ['Session', 'Status', 'Agents', 'Messages', 'Subtasks', 'Started'];

export function CollaborationPage() {
  const trpc = useTRPC();
  const q = useQuery(trpc.collaboration.sessions.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  if (q.isPending) return <LoadingState label="Loading collaboration sessions…" />;
  if (q.isError) return <ErrorState title="The sessions could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) {
    return (
      <EmptyState title="No collaboration sessions yet">
        Agents start one with create_collaboration_session; its messages, subtasks and evaluations appear here.
      </EmptyState>
    );
  }
  return (
    <div className={selected ? 'grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''} data-testid="collaboration-page">
      <div className="self-start overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-100 text-xs text-slate-500">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {q.data.map((s) => (
              <tr key={s.id} className={`border-b border-slate-50 ${selected === s.id ? 'bg-indigo-50' : ''}`}>
                <td className="px-3 py-2">
                  <button
                    type="button"
                    className="text-left font-medium text-indigo-700 hover:underline"
                    onClick={() => setSelected(s.id)}
                    aria-pressed={selected === s.id}
                  >
                    {s.title}
                  </button>
                </td>
                <td className="px-3 py-2">
                  <Badge tone={s.status === 'active' ? 'info' : 'neutral'}>{s.status}</Badge>
                </td>
                <td className="px-3 py-2">{s.participantIds.length}</td>
                <td className="px-3 py-2">{s.messages}</td>
                <td className="px-3 py-2">{s.subtasks}</td>
                <td className="whitespace-nowrap px-3 py-2">{ukDate(s.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {selected && <SessionDetail id={selected} />}
    </div>
  );
}
