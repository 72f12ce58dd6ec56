'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Button, FIELD } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { TableHead } from '@/components/ui/table-head';
import type { Figure } from '@/lib/calibration/figures';
import { ukDateTime } from '@/lib/uk-time';
import { ANSWER_LABELS, kappaText, percentText, sampleText } from './format';
import type { ResultsView } from './types';

/** One figure in a table cell: percent, kappa, n; a thin one muted and saying so. */
function FigureCells({ f, min }: { f: Figure; min: number }) {
  const tone = f.thin ? 'text-slate-500' : 'text-slate-900'; // muted, at AA contrast (slate-400 was 2.6:1)
  return (
    <>
      <td className={`px-4 py-2 text-right ${tone}`}>{percentText(f.percent)}</td>
      <td className={`px-4 py-2 text-right ${tone}`}>{kappaText(f.kappa)}</td>
      <td className={`px-4 py-2 text-xs ${f.thin ? 'text-amber-800' : 'text-slate-600'}`} data-thin={f.thin ? 'true' : undefined}>
        {sampleText(f, min)}
      </td>
    </>
  );
}

/**
 * The agreement of a complete session (the same figures as get_calibration_results and the CSV):
 * overall and per rule (Fleiss' kappa, with the majority against the AI), per reviewer (Cohen's
 * kappa against the AI, the majority and each other), the calls with most disagreement first with
 * every answer; and per rule the lead's note (leads write it here).
 */
export function ResultsPanel({ r, canLead }: { r: ResultsView; canLead: boolean }) {
  const f = r.figures!;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const add = useMutation(
    trpc.calibration.addNote.mutationOptions({
      onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.calibration.results.queryKey() }),
    }),
  );
  const noteOf = (ruleId: string) => r.notes.find((n) => n.rule_id === ruleId);
  return (
    <div className="space-y-4" data-testid="calibration-results">
      <Panel title="Agreement">
        <p className="px-4 pt-3 text-xs text-slate-600">
          {f.method} Figures under {f.min_sample} items are thin: stated, muted, not to be read much into.
        </p>
        <table className="w-full text-sm">
          <TableHead columns={['', { label: 'Agreement', align: 'right' }, { label: 'Kappa', align: 'right' }, 'Sample']} />
          <tbody>
            <tr className="border-t border-slate-100" data-testid="agreement-overall">
              <td className="px-4 py-2 font-medium">All rules (Fleiss)</td>
              <FigureCells f={f.overall} min={f.min_sample} />
            </tr>
          </tbody>
        </table>
      </Panel>
      <Panel title="Per rule">
        <table className="w-full text-sm">
          <TableHead
            columns={[
              'Rule',
              { label: 'Agreement', align: 'right' },
              { label: 'Fleiss κ', align: 'right' },
              'Sample',
              'Majority vs AI',
              'Calibration note',
            ]}
          />
          <tbody>
            {f.rules.map((x) => {
              const note = noteOf(x.rule_id);
              return (
                <tr key={x.rule_id} className="border-t border-slate-100 align-top" data-testid="agreement-rule" data-rule-id={x.rule_id}>
                  <td className="px-4 py-2">
                    <span className="font-mono text-xs font-semibold">{x.rule_id}</span>{' '}
                    {x.mandatory && <Badge tone="bad">Mandatory</Badge>}
                    <p className="text-xs text-slate-600">{x.rule}</p>
                  </td>
                  <FigureCells f={x} min={f.min_sample} />
                  <td className="px-4 py-2 text-xs">
                    {percentText(x.ai_vs_majority.percent)} (κ {kappaText(x.ai_vs_majority.kappa)}, n = {x.ai_vs_majority.n})
                  </td>
                  <td className="min-w-64 px-4 py-2 text-xs">
                    {note && (
                      <p data-testid="calibration-note">
                        {note.note}{' '}
                        <span className="text-slate-500">
                          — {note.author}, {ukDateTime(note.created_at)}
                        </span>
                      </p>
                    )}
                    {canLead && (
                      <form
                        className="mt-1 flex gap-1"
                        onSubmit={(e) => {
                          e.preventDefault();
                          add.mutate({ session_id: r.session.id, rule_id: x.rule_id, note: (drafts[x.rule_id] ?? '').trim() });
                        }}
                      >
                        <input
                          className={`${FIELD} flex-1 text-xs`}
                          aria-label={`Calibration note on ${x.rule_id}`}
                          maxLength={4000}
                          value={drafts[x.rule_id] ?? ''}
                          onChange={(e) => setDrafts((d) => ({ ...d, [x.rule_id]: e.target.value }))}
                        />
                        <Button type="submit" disabled={!(drafts[x.rule_id] ?? '').trim() || add.isPending}>
                          {note ? 'Replace note' : 'Add note'}
                        </Button>
                      </form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {add.data?.status === 'error' && (
          <p role="alert" className="px-4 py-2 text-sm text-red-700">
            The note was not saved: {add.data.error}
          </p>
        )}
      </Panel>
      <Panel title="Per reviewer">
        <table className="w-full text-sm">
          <TableHead
            columns={['Reviewer', 'Against', { label: 'Agreement', align: 'right' }, { label: 'Cohen κ', align: 'right' }, 'Sample']}
          />
          <tbody>
            {f.reviewers.flatMap((x) =>
              [
                ['the AI', x.vs_ai] as const,
                ['the majority of the others', x.vs_majority] as const,
                ...x.vs_reviewers.map((o) => [o.label, o] as const),
              ].map(([against, fig], i) => (
                <tr key={`${x.reviewer_id}-${i}`} className="border-t border-slate-100" data-testid="agreement-reviewer">
                  <td className="px-4 py-2">{i === 0 ? x.label : ''}</td>
                  <td className="px-4 py-2">{against}</td>
                  <FigureCells f={fig} min={f.min_sample} />
                </tr>
              )),
            )}
          </tbody>
        </table>
      </Panel>
      <Panel title="Calls, most disagreement first">
        <ul className="divide-y divide-slate-100">
          {f.calls.map((c) => (
            <li key={c.qa_result_id} className="px-4 py-3 text-sm" data-testid="disagreement-call">
              <p className="font-medium">
                {c.call_id} — reviewers split on {c.split_rules} rule{c.split_rules === 1 ? '' : 's'}
              </p>
              <ul className="mt-1 space-y-0.5 text-xs">
                {c.rules
                  .filter((x) => new Set(Object.values(x.answers)).size > 1)
                  .map((x) => (
                    <li key={x.rule_id}>
                      <span className="font-mono">{x.rule_id}</span>:{' '}
                      {Object.entries(x.answers)
                        .map(([who, a]) => `${who} ${a ? ANSWER_LABELS[a] : '—'}`)
                        .join(' · ')}{' '}
                      · AI {x.ai ? ANSWER_LABELS[x.ai] : '—'}
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
