/**
 * The header row of the console's data tables. `boxed` tables (inside a bordered box) get a
 * tinted header and horizontal padding; `plain` tables (directly in a panel) are flush left.
 * A column given as `{ label, align: 'right' }` is right-aligned (e.g. an actions column).
 */
export type HeadColumn = string | { label: string; align: 'right' };

export function TableHead({ columns, variant = 'plain' }: { columns: readonly HeadColumn[]; variant?: 'plain' | 'boxed' }) {
  const boxed = variant === 'boxed';
  return (
    <thead className={`text-left text-xs uppercase tracking-wide text-slate-500 ${boxed ? 'bg-slate-50' : ''}`}>
      <tr>
        {columns.map((c, i) => {
          const label = typeof c === 'string' ? c : c.label;
          const right = typeof c !== 'string' && c.align === 'right';
          const last = i === columns.length - 1;
          const pad = boxed ? 'px-3 py-2' : `py-2 ${last ? '' : 'pr-4'}`;
          return (
            <th key={label} scope="col" className={`${pad} font-medium ${right ? 'text-right' : ''}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
