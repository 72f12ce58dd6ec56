'use client';
import { Badge } from '@/components/ui/badge';
import { JsonBlock } from '@/components/ui/json-block';
import type { ControlPlaneMeta } from './types';
import { TableHead } from '@/components/ui/table-head';

function Names({ names, empty }: { names: string[]; empty: string }) {
  if (names.length === 0) return <span className="text-slate-500">{empty}</span>;
  return <span className="font-mono text-xs">{names.join(', ')}</span>;
}

/**
 * The control-plane meta document a valid workflow compiles to (spec §5.3): the graph the
 * workers choreograph over. One row per state in the meta's own order (depth-first, nested
 * scopes right after their Parallel/Map), with its dependencies and bound skills.
 */
export function CompiledMeta({ meta }: { meta: ControlPlaneMeta }) {
  const terminal = new Set(meta.terminal_states);
  const worker = meta.agents.worker_pool;
  return (
    <div className="space-y-4" data-testid="compiled-meta">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Starts at</dt>
          <dd className="font-mono" data-testid="meta-start-at">
            {meta.start_at}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Terminal states</dt>
          <dd className="font-mono">{meta.terminal_states.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Planner</dt>
          <dd className="font-mono">{meta.agents.planner}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Worker template</dt>
          <dd className="font-mono">{worker ? `${worker.name}${worker.version ? `@${worker.version}` : ''}` : 'none bound'}</dd>
        </div>
      </dl>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">States of the compiled control plane with their dependencies and skills</caption>
          <TableHead columns={['State', 'Upstream', 'Downstream', 'Skills']} variant="boxed" />
          <tbody className="divide-y divide-slate-100">
            {meta.states.map((state) => {
              const deps = meta.deps[state] ?? { upstream: [], downstream: [] };
              return (
                <tr key={state} className="align-top">
                  <th scope="row" className="px-3 py-2 font-mono text-xs font-medium text-slate-900">
                    <span className="flex flex-wrap items-center gap-1.5">
                      {state}
                      {state === meta.start_at && <Badge tone="info">start</Badge>}
                      {terminal.has(state) && <Badge tone="neutral">terminal</Badge>}
                    </span>
                  </th>
                  <td className="px-3 py-2">
                    <Names names={deps.upstream} empty="none" />
                  </td>
                  <td className="px-3 py-2">
                    <Names names={deps.downstream} empty="none" />
                  </td>
                  <td className="px-3 py-2">
                    <Names names={meta.skills[state] ?? []} empty="—" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">Raw meta document (JSON)</summary>
        <div className="mt-2">
          <JsonBlock value={meta} label="Compiled control-plane meta document" />
        </div>
      </details>
    </div>
  );
}
