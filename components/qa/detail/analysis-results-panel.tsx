import { Panel } from '@/components/ui/panel';
import type { QaDetailView } from '../types';
import { analysisResults } from '@/lib/analysis/results';

/**
 * The results of analysis functions kept in the generic store (lib/analysis/results.ts), one panel each; nothing when
 * the record keeps none. A function whose result needs more than its fields listed gets a panel of its own.
 */
export function AnalysisResultsPanels({ qa }: { qa: QaDetailView }) {
  const results = analysisResults(qa.analyses);
  if (!results.length) return null;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {results.map((r) => (
        <Panel key={r.role} title={r.title} id={`qa-analysis-${r.role}`}>
          <dl className="divide-y divide-slate-100" data-testid={`analysis-${r.role}`}>
            {r.rows.map((row) => (
              <div key={row.field} className="grid grid-cols-[9rem_1fr] gap-2 py-1">
                <dt className="text-xs text-slate-500">{row.field}</dt>
                <dd className="min-w-0 text-sm break-words text-slate-800">{row.value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      ))}
    </div>
  );
}
