'use client';
import { STATE_TYPES, type StateType } from '@/server/engine/asl/state-fields';
import { KIND_STYLE } from './nodes/kind-style';
import { PALETTE_MIME } from './palette-drag';

/**
 * The state palette: drag a type onto the canvas (or into a branch), or activate it with the
 * keyboard to add it next to the selection. Hidden for read-only users.
 */
export function Palette({ onAdd }: { onAdd(type: StateType): void }) {
  return (
    <nav aria-label="State palette" className="flex flex-col gap-1.5" data-testid="palette">
      <p className="px-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">Add a state</p>
      {STATE_TYPES.map((type) => {
        const s = KIND_STYLE[type];
        return (
          <button
            key={type}
            type="button"
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(PALETTE_MIME, type);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => onAdd(type)}
            title={`${s.describe}. Drag onto the canvas, or press to add.`}
            data-testid="palette-item"
            data-type={type}
            className={
              'flex cursor-grab items-center gap-2 rounded-md border border-l-4 border-slate-200 bg-white px-2 ' +
              'py-1.5 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
              `active:cursor-grabbing ${s.accent}`
            }
          >
            <span aria-hidden className={`rounded px-1 text-xs ${s.chip}`}>
              {s.glyph}
            </span>
            {type}
          </button>
        );
      })}
    </nav>
  );
}
