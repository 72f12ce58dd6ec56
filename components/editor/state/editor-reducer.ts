import { isObject } from '@/server/engine/json';
import { createHistory, record, redo, undo, type History } from '../model/history';
import type { EditResult, WorkflowDoc } from '../model/types';
import { docMark, printDoc, textMark, type TextMark } from './editor-text';
import { reuseEqual } from './reuse-equal';

export { printDoc };

/** A position the user dragged a node to (relative to its parent, as React Flow keeps it). */
export type Point = { x: number; y: number };

/**
 * The editor's document state. The history's present is the last document that parsed: the
 * canvas and the inspector draw it. The editor's text (`editorText`: what the JSON view shows) is
 * after a canvas edit the document pretty-printed, made only when read (`typed` is then null);
 * while typing in the JSON view it is the user's own text (`typed`), which may not parse — then
 * `syntaxError` says why and the canvas keeps showing the last good document.
 */
export interface EditorState {
  history: History<WorkflowDoc>;
  /** The user's own text when it is not (known to be) the print of the present document; null when it is. */
  typed: string | null;
  syntaxError: string | null;
  /** Selected state pointers (the inspector edits the first). */
  selection: readonly string[];
  /** Node positions the user dragged by hand, by node id; the layout places the rest. */
  moved: Readonly<Record<string, Point>>;
  /** Why the last edit was refused (shown until the next edit). */
  notice: string | null;
  /** The text as last saved or loaded: the document is dirty when the editor's text differs (`hasText`). */
  baseline: TextMark;
}

export type EditorAction =
  | { type: 'edit'; result: EditResult; coalesce?: string; select?: readonly string[] }
  | { type: 'text'; text: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; pointers: readonly string[] }
  | { type: 'move'; id: string; position: Point }
  | { type: 'forgetMoves' }
  | { type: 'saved' }
  | { type: 'notice'; message: string | null };

/** What a blank editor holds: an empty workflow, ready for a first state. */
export const EMPTY_DOC: WorkflowDoc = { asl: { StartAt: '', States: {} } };

export function initialEditorState(doc: WorkflowDoc = EMPTY_DOC): EditorState {
  return { history: createHistory(doc), typed: null, syntaxError: null, selection: [], moved: {}, notice: null, baseline: docMark(doc) };
}

/**
 * The editor's first state from loaded text, which may not parse (a draft keeps whatever was
 * typed). Text that is not the print of its document (other spacing) stays the user's own.
 */
export function stateFromText(text: string): EditorState {
  const parsed = parseDocText(text);
  const baseline = textMark(text, parsed.ok ? parsed.doc : null);
  const base = { ...initialEditorState(parsed.ok ? parsed.doc : EMPTY_DOC), baseline, typed: baseline.doc ? null : text };
  return parsed.ok ? base : { ...base, syntaxError: parsed.message };
}

/** Parses editor text: a JSON object, or why not. */
export function parseDocText(text: string): { ok: true; doc: WorkflowDoc } | { ok: false; message: string } {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? { ok: true, doc: value } : { ok: false, message: 'A workflow is a JSON object ({ … }).' };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}

/** States named in the selection that still exist after an edit; the rest fall away. */
function keepSelection(
  selection: readonly string[],
  doc: WorkflowDoc,
  exists: (doc: WorkflowDoc, pointer: string) => boolean,
): readonly string[] {
  const kept = selection.filter((p) => exists(doc, p));
  return kept.length === selection.length ? selection : kept;
}

/**
 * The editor's reducer. Pure: `exists` tells whether a pointer names a state of a document (the
 * caller passes the model's lookup), so the selection never points at a removed state.
 */
export function editorReducer(exists: (doc: WorkflowDoc, pointer: string) => boolean) {
  const withDoc = (s: EditorState, history: History<WorkflowDoc>): EditorState => ({
    ...s,
    history,
    typed: null,
    syntaxError: null,
    selection: keepSelection(s.selection, history.present, exists),
    notice: null,
  });
  return (s: EditorState, a: EditorAction): EditorState => {
    switch (a.type) {
      case 'edit': {
        if (!a.result.ok) return { ...s, notice: a.result.error.message };
        const next = withDoc(s, record(s.history, a.result.doc, a.coalesce ? { coalesce: a.coalesce } : {}));
        return a.select ? { ...next, selection: a.select } : next;
      }
      case 'text': {
        const parsed = parseDocText(a.text);
        if (!parsed.ok) return { ...s, typed: a.text, syntaxError: parsed.message };
        const doc = reuseEqual(s.history.present, parsed.doc);
        const history = record(s.history, doc, { coalesce: 'json-view' });
        return { ...s, history, typed: a.text, syntaxError: null, selection: keepSelection(s.selection, parsed.doc, exists), notice: null };
      }
      case 'undo':
        return s.history.past.length ? withDoc(s, undo(s.history)) : s;
      case 'redo':
        return s.history.future.length ? withDoc(s, redo(s.history)) : s;
      case 'select':
        return { ...s, selection: a.pointers };
      case 'move':
        return { ...s, moved: { ...s.moved, [a.id]: a.position } };
      case 'forgetMoves':
        return { ...s, moved: {} };
      case 'saved':
        // The saved text is a print when it is the document's own, or typed text that prints back as itself.
        return {
          ...s,
          baseline: s.typed === null ? docMark(s.history.present) : textMark(s.typed, s.syntaxError ? null : s.history.present),
        };
      case 'notice':
        return { ...s, notice: a.message };
    }
  };
}
