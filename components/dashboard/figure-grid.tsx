'use client';
import type { Figure } from './figure';
import { FigureCard, type FigureContext } from './figure-card';

/**
 * A section's figures, two to a row on wide screens; `wide` figures (a grid of rules by week, a
 * line per advisor) take the whole row, and so does a figure that would otherwise sit alone
 * beside an empty half.
 */
export function FigureGrid({ figures, context, wide = [] }: { figures: Figure[]; context: FigureContext; wide?: readonly string[] }) {
  const paired = figures.filter((f) => !wide.includes(f.id));
  const alone = paired.length % 2 === 1 ? paired.at(-1)!.id : null;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      {figures.map((f) => (
        <div key={f.id} className={wide.includes(f.id) || f.id === alone ? 'min-w-0 xl:col-span-2' : 'min-w-0'}>
          <FigureCard figure={f} context={context} />
        </div>
      ))}
    </div>
  );
}
