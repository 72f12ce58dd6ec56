import type { TextPart } from './evidence';

const QUOTED =
  'inline rounded-sm px-0 text-left underline decoration-dotted decoration-2 underline-offset-4 ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-500';
const SELECTED = 'bg-amber-200 text-slate-950 decoration-amber-600 ring-1 ring-amber-400';

/**
 * One turn's text with its quoted parts. A quoted part is a button (keyboard reachable) that
 * shows what quotes it; the text of the selected evidence is marked (`data-evidence-selected` on
 * the text alone) — exactly the characters start..end of that evidence.
 */
export function TranscriptText({
  parts,
  selected,
  labelOf,
  onPick,
}: {
  parts: readonly TextPart[];
  selected: readonly string[];
  labelOf: (id: string) => string;
  onPick: (ids: readonly string[]) => void;
}) {
  return (
    <p className="text-sm leading-6 text-slate-800">
      {parts.map((p) => {
        if (!p.ids.length) return <span key={p.start}>{p.text}</span>;
        const on = p.ids.some((id) => selected.includes(id));
        const what = p.ids.map(labelOf).join(', ');
        return (
          <button
            key={p.start}
            type="button"
            onClick={() => onPick(p.ids)}
            title={`Evidence for ${what}`}
            data-evidence-ids={p.ids.join(' ')}
            className={`${QUOTED} ${on ? SELECTED : 'decoration-indigo-300 hover:bg-indigo-50'}`}
          >
            <span data-evidence-selected={on ? 'true' : undefined}>{p.text}</span>
            <span className="sr-only"> (evidence for {what})</span>
          </button>
        );
      })}
    </p>
  );
}
