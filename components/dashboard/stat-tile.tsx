import Link from 'next/link';

/**
 * One figure in large type with what it stands on beneath it ("over 48 scored calls"); a link
 * when it leads to the calls or runs it counts. `tone` colours the value when it needs attention.
 */
export function StatTile({
  label,
  value,
  detail,
  href,
  hrefLabel,
  tone,
  thin,
  testId,
}: {
  label: string;
  value: string;
  detail: string;
  href?: string | null;
  hrefLabel?: string;
  tone?: 'bad' | 'good';
  /** Too small a sample to be read as a headline: drawn muted (the detail says why). */
  thin?: boolean;
  testId?: string;
}) {
  const colour = thin ? 'text-slate-500' : tone === 'bad' ? 'text-red-700' : tone === 'good' ? 'text-emerald-700' : 'text-slate-900';
  return (
    <div
      className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white px-4 py-3"
      data-testid={testId}
      data-thin={thin ? 'true' : undefined}
    >
      <span className="text-xs font-medium text-slate-600">{label}</span>
      <span className={`mt-1 text-2xl font-semibold tabular-nums ${colour}`} data-testid="stat-value">
        {value}
      </span>
      <span className="mt-0.5 text-xs text-slate-600">{detail}</span>
      {href && (
        <Link href={href} className="mt-1 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline print:hidden">
          {hrefLabel ?? 'Open these calls'}
        </Link>
      )}
    </div>
  );
}
