'use client';
import { Badge } from '@/components/ui/badge';
import type { QaDetailView } from '../types';
import { clockOf, flagEvidenceId } from './evidence';

const ITEM = 'rounded-md border p-2 outline-none focus-visible:ring-2 focus-visible:ring-indigo-400';
const QUOTE =
  'mt-1 block w-full rounded-md border-l-4 border-amber-300 bg-slate-50 px-3 py-1 text-left text-sm text-slate-700 italic ' +
  'hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-indigo-500';
const FLAG_WORDS: Record<string, string> = { vulnerability: 'Vulnerability', confusion: 'Confusion', anxiety: 'Anxiety' };

/**
 * The customer's sentiment: overall and its score, which flags are raised (vulnerable, confused,
 * anxious), and each flag's excerpt linked to the transcript as verdict evidence is (element id
 * `sentiment-flag-<n>`, focusable for the reverse link).
 */
export function SentimentPanel({ qa, selected, onShow }: { qa: QaDetailView; selected: readonly string[]; onShow: (id: string) => void }) {
  const s = qa.sentiment;
  const raised = [qa.flags.vulnerable && 'Vulnerable', qa.flags.confused && 'Confused', qa.flags.anxious && 'Anxious'].filter(
    (f): f is string => typeof f === 'string',
  );
  return (
    <div className="space-y-3 text-sm" data-testid="sentiment">
      <p>
        <span className="font-medium text-slate-900">{s?.overall ?? 'No sentiment'}</span>
        {s?.score !== null && s?.score !== undefined && <span className="text-slate-500"> · score {s.score}</span>}
      </p>
      <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
        Flags:
        {raised.length ? (
          raised.map((f) => (
            <Badge key={f} tone="warn">
              {f}
            </Badge>
          ))
        ) : (
          <span>none raised</span>
        )}
      </p>
      {(s?.flags.length ?? 0) > 0 && (
        <ul className="space-y-2">
          {s!.flags.map((f, i) => {
            const id = flagEvidenceId(i);
            const on = selected.includes(id);
            return (
              <li
                key={i}
                id={`sentiment-flag-${i}`}
                tabIndex={-1}
                data-testid="sentiment-flag"
                data-selected={on ? 'true' : undefined}
                className={`${ITEM} ${on ? 'border-amber-400 bg-amber-50/60' : 'border-slate-200'}`}
              >
                <p className="flex items-center gap-1.5 text-xs">
                  <Badge tone="warn">{FLAG_WORDS[f.type] ?? f.type}</Badge>
                  <span className="text-slate-500">{f.severity} severity</span>
                </p>
                {f.evidence ? (
                  <button type="button" onClick={() => onShow(id)} aria-pressed={on} className={QUOTE}>
                    “{f.evidence.quote}”
                    <span className="block text-xs text-indigo-700 not-italic">Show in transcript · {clockOf(f.evidence.start_s)}</span>
                  </button>
                ) : (
                  <p className="mt-1 text-xs text-slate-500">
                    {f.excerpt ? `The excerpt “${f.excerpt}” is not in the transcript.` : 'No excerpt was given for this flag.'}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
