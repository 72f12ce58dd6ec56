/**
 * Undo/redo for immutable documents. A history is a value like the documents it holds: every
 * function returns a new history and never changes its argument.
 *
 * Coalescing: typing in a field records a document per keystroke; records that carry the same
 * `coalesce` key one after another form one group and replace the group's last state instead of
 * adding steps, so one undo takes back the whole edit. Any record without that key, an undo, a
 * redo or `sealHistory` ends the group.
 */
export interface History<D> {
  /** Earlier documents, oldest first. */
  readonly past: readonly D[];
  readonly present: D;
  /** Undone documents, the next redo first. */
  readonly future: readonly D[];
  /** The coalesce key of the open group, if any. */
  readonly group: string | null;
  /** At most this many undo steps are kept; older ones are forgotten. */
  readonly limit: number;
}

export const DEFAULT_HISTORY_LIMIT = 200;

export function createHistory<D>(doc: D, options: { limit?: number } = {}): History<D> {
  return { past: [], present: doc, future: [], group: null, limit: Math.max(1, Math.floor(options.limit ?? DEFAULT_HISTORY_LIMIT)) };
}

/**
 * Records `doc` as the present. Recording the present itself (the same reference) changes
 * nothing; a new document clears the redo steps.
 */
export function record<D>(h: History<D>, doc: D, options: { coalesce?: string } = {}): History<D> {
  if (doc === h.present) return h;
  const key = options.coalesce ?? null;
  if (key !== null && key === h.group) return { ...h, present: doc, future: [] };
  const past = [...h.past, h.present];
  return { ...h, past: past.length > h.limit ? past.slice(past.length - h.limit) : past, present: doc, future: [], group: key };
}

export function canUndo<D>(h: History<D>): boolean {
  return h.past.length > 0;
}

export function canRedo<D>(h: History<D>): boolean {
  return h.future.length > 0;
}

/** Steps back one record (or group); the same history when there is nothing to undo. */
export function undo<D>(h: History<D>): History<D> {
  if (!canUndo(h)) return h;
  return { ...h, past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future], group: null };
}

/** Steps forward again; the same history when there is nothing to redo. */
export function redo<D>(h: History<D>): History<D> {
  if (!canRedo(h)) return h;
  return { ...h, past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), group: null };
}

/** Ends the open coalescing group (e.g. when a field loses focus). */
export function sealHistory<D>(h: History<D>): History<D> {
  return h.group === null ? h : { ...h, group: null };
}
