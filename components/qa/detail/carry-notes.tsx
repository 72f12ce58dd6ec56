import type { QaDetailView } from '../types';

/**
 * What an earlier analysis's unsigned review (or an adopted one) brought to this analysis (issue 28): each decision
 * and comment carried, and each not carried with the reason — the AI's verdict or its evidence changed — so the
 * reviewer decides those again.
 */
export function CarryNotes({ notes }: { notes: QaDetailView['carry_notes'] }) {
  if (!notes.length) return null;
  const what = (n: QaDetailView['carry_notes'][number]) =>
    n.kind === 'rule' ? `decision on ${n.rule_id}` : n.kind === 'score' ? 'score decision' : 'comment';
  return (
    <section
      aria-label="Review carried from an earlier analysis"
      data-testid="carry-notes"
      className="space-y-1 rounded-xl border border-slate-200 bg-white p-4 text-xs text-slate-700"
    >
      <h2 className="text-sm font-semibold text-slate-900">Review carried from an earlier analysis</h2>
      <ul className="space-y-0.5">
        {notes.map((n) => (
          <li key={n.action_id} className={n.carried ? '' : 'text-amber-800'}>
            {n.carried ? 'Carried' : 'Not carried'}: {what(n)} by {n.by}
            {n.why ? ` — ${n.why}; decide it again` : ''}.
          </li>
        ))}
      </ul>
    </section>
  );
}
