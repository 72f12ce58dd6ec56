'use client';
import type { Headline } from './headlines';
import { StatTile } from './stat-tile';

/** The figures read first, in a row of tiles, each with what it stands on and a link to those calls. */
export function HeadlineStrip({ items }: { items: Headline[] }) {
  if (!items.length) return null;
  return (
    <div
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
      data-testid="headlines"
      aria-label="Headline figures"
      role="group"
    >
      {items.map((h) => (
        <StatTile key={h.id} {...h} testId={`headline-${h.id}`} />
      ))}
    </div>
  );
}
