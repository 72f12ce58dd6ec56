import type { StateKind } from '../node-data';

/** Each state type's colour and one-glyph mark, shared by the nodes, the palette and the legend. */
export const KIND_STYLE: Record<StateKind, { accent: string; chip: string; glyph: string; describe: string }> = {
  Task: {
    accent: 'border-l-indigo-500',
    chip: 'bg-indigo-50 text-indigo-700',
    glyph: '⚙',
    describe: 'Runs a skill through a worker agent',
  },
  Pass: { accent: 'border-l-slate-400', chip: 'bg-slate-100 text-slate-700', glyph: '→', describe: 'Passes or reshapes its input' },
  Choice: { accent: 'border-l-amber-500', chip: 'bg-amber-50 text-amber-800', glyph: '◇', describe: 'Branches on rules over the data' },
  Wait: { accent: 'border-l-sky-500', chip: 'bg-sky-50 text-sky-700', glyph: '⏱', describe: 'Waits for seconds or until a time' },
  Succeed: { accent: 'border-l-emerald-500', chip: 'bg-emerald-50 text-emerald-700', glyph: '✓', describe: 'Ends its branch successfully' },
  Fail: { accent: 'border-l-red-500', chip: 'bg-red-50 text-red-700', glyph: '✕', describe: 'Ends the run with an error' },
  Parallel: { accent: 'border-l-violet-500', chip: 'bg-violet-50 text-violet-700', glyph: '⫴', describe: 'Runs branches at the same time' },
  Map: { accent: 'border-l-teal-500', chip: 'bg-teal-50 text-teal-700', glyph: '⟳', describe: 'Runs its item processor for each item' },
};

/** Run status colours (pending, running, done, failed) of the run view. */
export const RUN_STATUS_STYLE: Record<'pending' | 'running' | 'done' | 'failed', { ring: string; fill: string; label: string }> = {
  pending: { ring: 'ring-slate-300', fill: 'bg-white', label: 'pending' },
  running: { ring: 'ring-indigo-500 ring-2', fill: 'bg-indigo-50', label: 'running' },
  done: { ring: 'ring-emerald-500 ring-2', fill: 'bg-emerald-50', label: 'done' },
  failed: { ring: 'ring-red-500 ring-2', fill: 'bg-red-50', label: 'failed' },
};

/** Comparison marks: added (green), removed (red), changed (amber). */
export const CHANGE_STYLE: Record<'added' | 'removed' | 'changed', string> = {
  added: 'ring-2 ring-emerald-500 bg-emerald-50',
  removed: 'ring-2 ring-red-500 bg-red-50 opacity-80',
  changed: 'ring-2 ring-amber-500 bg-amber-50',
};
