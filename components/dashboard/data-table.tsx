import Link from 'next/link';
import type { FigureTable } from './figure';
import { cellText } from './format';

const NUMERIC = new Set(['count', 'score', 'signed', 'rate', 'ms']);

/**
 * A figure's rows as an accessible table: a caption naming the figure and its period and scope,
 * column headers (`scope="col"`), the naming column as row headers (`scope="row"`), and a link on
 * each row to what it counted (the QA queue on those calls). Long tables scroll on screen and
 * print in full.
 */
export function DataTable({
  table,
  caption,
  linkLabel,
  testId,
}: {
  table: FigureTable;
  caption: string;
  linkLabel: string;
  testId?: string;
}) {
  const links = table.rows.some((r) => r.href);
  const rowName = table.columns.find((c) => c.rowHeader) ?? table.columns[0];
  return (
    <div
      className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200 print:max-h-none print:overflow-visible"
      data-testid={testId}
    >
      <table className="w-full text-left text-sm print:text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 print:static">
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={`px-3 py-2 font-medium ${NUMERIC.has(c.kind) ? 'text-right' : ''}`}>
                {c.label}
              </th>
            ))}
            {links && (
              <th scope="col" className="px-3 py-2 font-medium print:hidden">
                <span className="sr-only">Open</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.rows.map((r, i) => (
            <tr key={i} className="align-top" data-testid="figure-row">
              {table.columns.map((c) => {
                const text = cellText(c.kind, r.cells[c.key] ?? null);
                const cls = `px-3 py-1.5 print:py-0.5 ${NUMERIC.has(c.kind) ? 'text-right tabular-nums' : ''}`;
                return c.rowHeader ? (
                  <th key={c.key} scope="row" className={`${cls} font-medium text-slate-800`}>
                    {text}
                  </th>
                ) : (
                  <td key={c.key} className={`${cls} text-slate-700`}>
                    {text}
                  </td>
                );
              })}
              {links && (
                <td className="px-3 py-1.5 text-right print:hidden">
                  {r.href && (
                    <Link
                      href={r.href}
                      className="whitespace-nowrap text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
                      aria-label={`${linkLabel}: ${rowLabel(table, r.cells, rowName?.key)}`}
                    >
                      {linkLabel}
                    </Link>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The row in words for its link's accessible name: its naming cell and any week or day. */
function rowLabel(table: FigureTable, cells: FigureTable['rows'][number]['cells'], nameKey: string | undefined): string {
  const parts = table.columns
    .filter((c) => c.key === nameKey || c.kind === 'week' || c.kind === 'day' || (c.key === 'group' && c.kind === 'text'))
    .map((c) => cellText(c.kind, cells[c.key] ?? null));
  return [...new Set(parts)].join(', ');
}
