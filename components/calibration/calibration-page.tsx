'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TableHead } from '@/components/ui/table-head';
import { ukDateTime, ukDay } from '@/lib/uk-time';
import { CreateSession } from './create-session';

/**
 * The calibration sessions the signed-in person leads or reviews in (admins: all), newest first,
 * each with its progress; and, for leads, the form for a new one. Dates are UK dates, times UK time.
 */
export function CalibrationPage({ me }: { me: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const list = useQuery(trpc.calibration.list.queryOptions({}));
  if (list.isPending) return <LoadingState label="Loading calibration sessions…" />;
  if (list.isError)
    return <ErrorState title="The sessions could not be loaded" message={list.error.message} onRetry={() => void list.refetch()} />;
  if (list.data.status === 'error')
    return <ErrorState title="The sessions could not be loaded" message={list.data.error} code={list.data.error_code} />;
  const sessions = list.data.sessions;
  return (
    <div className="space-y-4" data-testid="calibration-page">
      <CreateSession onCreated={(id) => router.push(`/calibration/${id}`)} />
      {sessions.length === 0 ? (
        <EmptyState title="No calibration sessions yet">
          Create one above: a sample of calls that several reviewers review blind.
        </EmptyState>
      ) : (
        <Panel title="Sessions, newest first">
          <table className="w-full text-sm">
            <TableHead columns={['Session', 'Status', 'Due', 'Lead', 'Calls', 'Reviews submitted', 'Created']} />
            <tbody>
              {sessions.map((s) => {
                const done = s.reviewers.filter((r) => r.submitted_at).length;
                const mine = s.reviewers.find((r) => r.label === me);
                return (
                  <tr key={s.session_id} className="border-t border-slate-100" data-testid="calibration-session-row">
                    <td className="px-4 py-2">
                      <Link className="font-medium text-indigo-700 hover:underline" href={`/calibration/${s.session_id}`}>
                        {s.name}
                      </Link>
                      {mine && !mine.submitted_at && s.status === 'open' && (
                        <span className="ml-2">
                          <Badge tone="warn">Your review is due</Badge>
                        </span>
                      )}
                    </td>
                    <td className="px-4 py-2">
                      <Badge tone={s.status === 'open' ? 'info' : 'neutral'}>{s.status === 'open' ? 'Open' : 'Closed'}</Badge>
                    </td>
                    <td className="px-4 py-2">{ukDay(s.due_date)}</td>
                    <td className="px-4 py-2">{s.lead}</td>
                    <td className="px-4 py-2">{s.calls}</td>
                    <td className="px-4 py-2">
                      {done} of {s.reviewers.length}
                    </td>
                    <td className="px-4 py-2 text-slate-600">{ukDateTime(s.created_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">Times are UK time (Europe/London).</p>
        </Panel>
      )}
    </div>
  );
}
