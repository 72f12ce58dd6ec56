'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { useUrlQuery, type UrlQueryCodec } from '@/components/hooks/use-url-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { findingsAnswer } from './answers';
import { FindingsFilter } from './findings-filter';
import { findingsHref, findingsInput, readFindingsQuery, type FindingsQuery } from './findings-query';
import { FINDING_TYPE_TEXT } from './findings-text';
import { FindingsPlan } from './findings-plan';
import { callTime, shortId } from './format';
import { loaded } from './use-plans';
import { useAgentNames } from './use-agent-names';

const CODEC: UrlQueryCodec<FindingsQuery> = {
  fromSearch: readFindingsQuery,
  toSearch: (q) => findingsHref(q).replace(/^\/findings\??/, ''),
  href: findingsHref,
};

/** Findings per page. */
const PAGE = 25;

/**
 * The sentinel's findings across the deployment (admins): filtered by agent, type and period,
 * kept in the address; newest first, a page at a time by cursor; each opens its plan beside the
 * list. The filter key resets the pages, so a new filter starts at its first page.
 */
export function FindingsPage() {
  const { query, ignored, replace } = useUrlQuery(CODEC);
  const filterKey = findingsHref({ ...query, plan: null });
  return (
    <div className="space-y-4" data-testid="findings-page">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <FindingsFilter query={query} onChange={replace} />
        {ignored.length > 0 && (
          <p role="note" className="mt-2 text-xs text-amber-800">
            Left out of the filter because the link’s value is not valid: {ignored.join(', ')}.
          </p>
        )}
      </div>
      <div className={query.plan ? 'grid gap-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''}>
        <FindingsTable key={filterKey} query={query} />
        {query.plan && <FindingsPlan planId={query.plan} query={query} />}
      </div>
    </div>
  );
}

function FindingsTable({ query }: { query: FindingsQuery }) {
  const trpc = useTRPC();
  // The cursors of the pages before this one; the first page has none.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const q = useQuery(trpc.planning.findings.queryOptions(findingsInput(query, cursor, PAGE)));
  const agentNames = useAgentNames();
  const page = loaded(q, findingsAnswer);
  if (page.state === 'loading') return <LoadingState label="Loading findings…" />;
  if (page.state === 'error') {
    return <ErrorState title="The findings could not be loaded" message={page.error} onRetry={page.retry} />;
  }
  const { findings, next_cursor } = page.data;
  const filtered = !!(query.agent || query.type || query.from || query.to);
  if (!findings.length && cursors.length === 1) {
    return (
      <EmptyState title={filtered ? 'No findings match the filter' : 'No findings yet'}>
        A finding is what the sentinel records when an agent’s tool calls leave its declared plan: over budget (calls, time or cost), off
        plan (a tool it did not declare, or a step it skipped), a skill its explore/exploit policy would not have chosen, or a special-case
        trick where it promised general methods.
      </EmptyState>
    );
  }
  return (
    <section aria-label="Findings, newest first" className="space-y-2">
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="findings-table">
          <caption className="sr-only">Findings, newest first</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                When (London)
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Finding
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Agent
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Plan
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {findings.map((f) => (
              <tr
                key={f.id}
                className={`align-top ${query.plan === f.plan_id ? 'bg-indigo-50' : ''}`}
                data-testid="finding-row"
                data-finding-type={f.type}
              >
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                  <time dateTime={f.at}>{callTime(f.at)}</time>
                </td>
                <td className="px-3 py-2">
                  <Badge tone="warn" title={FINDING_TYPE_TEXT[f.type].meaning}>
                    {FINDING_TYPE_TEXT[f.type].label}
                  </Badge>
                </td>
                <td className="px-3 py-2 text-slate-900">{f.message}</td>
                <td className="px-3 py-2 text-xs text-slate-700">
                  {agentNames.get(f.agent_id) ?? <span className="font-mono">{f.agent_id}</span>}
                </td>
                <td className="px-3 py-2">
                  <Link
                    href={findingsHref({ ...query, plan: f.plan_id })}
                    scroll={false}
                    data-testid="finding-open-plan"
                    className="whitespace-nowrap text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
                    aria-label={`Open plan ${shortId(f.plan_id)} of this finding`}
                  >
                    Open plan {shortId(f.plan_id)}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages of findings" className="flex items-center gap-2 text-sm">
        <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <span className="text-xs text-slate-600">Page {cursors.length}</span>
        <Button disabled={!next_cursor} onClick={() => next_cursor && setCursors((c) => [...c, next_cursor])}>
          Older
        </Button>
      </nav>
    </section>
  );
}
