'use client';
import { FIELD } from '@/components/ui/button';

type Props = {
  query: string;
  onQuery(value: string): void;
  tag: string;
  onTag(value: string): void;
  /** Every tag in the catalog with how many skills carry it, most common first. */
  tags: Array<{ tag: string; count: number }>;
};

/** Search (every word must match name, description, tags or tool names — the tool's rule) and one tag. */
export function SkillFilters({ query, onQuery, tag, onTag, tags }: Props) {
  return (
    <div className="flex flex-wrap gap-2" role="search">
      <label className="min-w-0 flex-1">
        <span className="sr-only">Search skills</span>
        <input
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder="Search skills and tools…"
          className={`${FIELD} w-full`}
        />
      </label>
      <label>
        <span className="sr-only">Filter by tag</span>
        <select value={tag} onChange={(e) => onTag(e.target.value)} className={FIELD}>
          <option value="">All tags</option>
          {tags.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.count})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
