'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { TabList } from '@/components/ui/tab-list';
import { ukDateTime, ukDay } from '@/lib/uk-time';
import { BlindReview } from './blind-review';
import { ResultsPanel } from './results-view';
import type { ResultsView } from './types';

type Me = { id: string; email: string; role: string };

/**
 * One calibration session: who has submitted; for its reviewers, their blind review; once every
 * reviewer submitted or the lead closed it, the results (with the CSV); for the lead (or an
 * admin), "Close session". Until then nobody sees anybody's answers.
 */
export function SessionPage({ id, me }: { id: string; me: Me }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.calibration.results.queryOptions({ session_id: id }));
  const close = useMutation(
    trpc.calibration.close.mutationOptions({
      onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.calibration.results.queryKey() }),
    }),
  );
  const [tab, setTab] = useState<'review' | 'results' | null>(null);
  if (q.isPending) return <LoadingState label="Loading the session…" />;
  if (q.isError) return <ErrorState title="The session could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (q.data.status === 'error')
    return <ErrorState title="The session could not be loaded" message={q.data.error} code={q.data.error_code} />;
  const r = q.data as unknown as ResultsView;
  const s = r.session;
  const reviewer = r.progress.some((p) => p.reviewer_id === me.id);
  const canLead = me.role === 'admin' || s.created_by === me.email;
  const shown = tab ?? (reviewer && !r.complete ? 'review' : 'results');
  const csv = async () => {
    const out = await qc.fetchQuery(trpc.calibration.csv.queryOptions({ session_id: id }));
    const url = URL.createObjectURL(new Blob(['\uFEFF', out.csv], { type: 'text/csv' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: out.filename });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4" data-testid="calibration-session">
      <Panel
        title={
          <span className="flex items-center gap-2">
            {s.name} <Badge tone={s.status === 'open' ? 'info' : 'neutral'}>{s.status === 'open' ? 'Open' : 'Closed'}</Badge>
          </span>
        }
        actions={
          <div className="flex gap-2">
            {r.figures && <Button onClick={() => void csv()}>Download CSV</Button>}
            {canLead && s.status === 'open' && (
              <Button variant="danger" disabled={close.isPending} onClick={() => close.mutate({ session_id: id })}>
                Close session
              </Button>
            )}
          </div>
        }
      >
        <div className="space-y-1 px-4 py-3 text-sm text-slate-700">
          <p>
            Led by {s.created_by}; {s.calls} calls ({s.sample.method === 'random' ? `a random sample, seed ${s.sample.seed}` : 'the newest'}{' '}
            of {s.sample.matched} matching); reviews due {ukDay(s.due_date)}; created {ukDateTime(s.created_at)}
            {s.closed_at ? `; closed ${ukDateTime(s.closed_at)} by ${s.closed_by}` : ''}.
          </p>
          <p data-testid="calibration-progress">
            Reviews:{' '}
            {r.progress
              .map((p) => `${p.label} ${p.submitted_at ? `submitted ${ukDateTime(p.submitted_at)}` : 'not yet submitted'}`)
              .join(' · ')}
          </p>
          {!r.complete && (
            <p className="text-slate-600">The results appear when every reviewer has submitted or the lead closes the session.</p>
          )}
          {close.data?.status === 'error' && (
            <p role="alert" className="text-red-700">
              {close.data.error}
            </p>
          )}
        </div>
      </Panel>
      {reviewer && r.complete && (
        <TabList
          label="Session views"
          tabs={[
            { id: 'review', label: 'My review' },
            { id: 'results', label: 'Results' },
          ]}
          tab={shown}
          onTab={(t) => setTab(t)}
          idPrefix="calibration"
        />
      )}
      <div
        role={reviewer && r.complete ? 'tabpanel' : undefined}
        id={`calibration-panel-${shown}`}
        aria-labelledby={reviewer && r.complete ? `calibration-tab-${shown}` : undefined}
      >
        {shown === 'review' && reviewer ? <BlindReview sessionId={id} /> : r.figures ? <ResultsPanel r={r} canLead={canLead} /> : null}
      </div>
    </div>
  );
}
