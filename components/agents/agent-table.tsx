import Link from 'next/link';
import { TableHead } from '@/components/ui/table-head';
import { plural } from './format';
import { agentHref } from './list-url';
import { RoleBadge } from './role-badge';
import type { AgentListRow } from './types';
import { When } from './when';

/** What an agent belongs to: the conversation it serves, its session, or its workflow run. */
function BelongsTo({ row }: { row: AgentListRow }) {
  const c = row.conversation;
  return (
    <div className="space-y-0.5 text-xs text-slate-600">
      {c && (
        <p>
          <span className="text-slate-500">Conversation </span>
          <span className="font-medium text-slate-800">“{c.title}”</span>
          {c.owner_email && (
            <span className="block text-slate-500">
              {c.owner_name ? `${c.owner_name} · ` : ''}
              {c.owner_email}
            </span>
          )}
        </p>
      )}
      {row.session_id && (
        <p>
          <span className="text-slate-500">Session </span>
          <span className="font-mono" title={row.session_id}>
            {row.session_id.slice(0, 8)}…
          </span>
        </p>
      )}
      {row.run_id && (
        <p>
          <span className="text-slate-500">Run </span>
          <span className="font-mono" title={row.run_id}>
            {row.run_id.slice(0, 8)}…
          </span>
        </p>
      )}
      {!c && !row.session_id && !row.run_id && <p className="text-slate-500">—</p>}
    </div>
  );
}

/** The agents found, newest first; each name opens the agent's page. */
export function AgentTable({ rows }: { rows: readonly AgentListRow[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="agent-table">
        <caption className="sr-only">Agents, newest first</caption>
        <TableHead variant="boxed" columns={['Agent', 'Role', 'Belongs to', 'Memory and tools', 'Created']} />
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} className="align-top hover:bg-slate-50" data-testid="agent-row" data-role={r.role ?? 'other'}>
              <td className="px-3 py-2">
                <Link
                  href={agentHref(r.id)}
                  className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  {r.name}
                </Link>
                <span className="block font-mono text-xs text-slate-500">{r.id}</span>
              </td>
              <td className="px-3 py-2">
                <RoleBadge role={r.role} />
                {r.template && <span className="mt-1 block font-mono text-xs text-slate-500">{r.template}</span>}
              </td>
              <td className="px-3 py-2">
                <BelongsTo row={r} />
              </td>
              <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-600">
                {plural(r.block_count, 'block')}
                <span className="block">{plural(r.tool_count, 'tool')}</span>
              </td>
              <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-600">
                <When at={r.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
