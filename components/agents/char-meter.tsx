import { countText } from './format';

/**
 * How much of its limit a block's value uses: "1,234 / 20,000 characters" and a bar — amber from
 * 90 %, red over the limit (the text says "over the limit" too, so colour is never the only cue).
 */
export function CharMeter({ chars, limit, id }: { chars: number; limit: number; id?: string }) {
  const share = limit > 0 ? chars / limit : 1;
  const over = chars > limit;
  const bar = over ? 'bg-red-600' : share >= 0.9 ? 'bg-amber-500' : 'bg-indigo-500';
  return (
    <div className="flex items-center gap-2 text-xs" id={id}>
      <div
        role="meter"
        aria-label="Characters used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(chars, limit)}
        aria-valuetext={`${countText(chars)} of ${countText(limit)} characters`}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${bar}`} style={{ width: `${Math.min(100, Math.round(share * 100))}%` }} />
      </div>
      <span className={`tabular-nums ${over ? 'font-medium text-red-700' : 'text-slate-600'}`}>
        {countText(chars)} / {countText(limit)} characters{over ? ` — ${countText(chars - limit)} over the limit` : ''}
      </span>
    </div>
  );
}
