import type { QaSort, QaSortBy } from './queue-query';

/** A column of the queue's header; `sort` makes it a button that sorts the queue by that field. */
export type QueueColumn = { label: string; sort?: QaSortBy; align?: 'right' };

const SORT_BUTTON =
  'inline-flex items-center gap-1 uppercase hover:text-slate-900 ' + 'focus-visible:outline-2 focus-visible:outline-indigo-500';
const ARROW = { asc: '↑', desc: '↓' } as const;
const DIR_WORDS = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The queue's header row. Sortable columns are buttons; the sorted one carries `aria-sort` and an
 * arrow, and each button says what pressing it does.
 */
export function SortableHead({ columns, sort, onSort }: { columns: readonly QueueColumn[]; sort: QaSort; onSort: (by: QaSortBy) => void }) {
  return (
    <thead className="bg-slate-50 text-left text-xs tracking-wide text-slate-500 uppercase">
      <tr>
        {columns.map((c) => {
          const active = c.sort !== undefined && c.sort === sort.by;
          return (
            <th
              key={c.label}
              scope="col"
              aria-sort={active ? DIR_WORDS[sort.dir] : undefined}
              className={`px-3 py-2 font-medium ${c.align === 'right' ? 'text-right' : ''}`}
            >
              {c.sort ? (
                <button
                  type="button"
                  onClick={() => onSort(c.sort!)}
                  className={`${SORT_BUTTON} ${active ? 'text-slate-900' : ''}`}
                  title={active ? `Sorted ${DIR_WORDS[sort.dir]}; press to reverse` : `Sort by ${c.label.toLowerCase()}`}
                >
                  {c.label}
                  <span aria-hidden className={active ? '' : 'text-slate-300'}>
                    {active ? ARROW[sort.dir] : '↕'}
                  </span>
                </button>
              ) : (
                c.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
