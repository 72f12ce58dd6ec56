'use client';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { minimalEdit } from './minimal-edit';

/** A finding drawn in the text: offsets into the current text, a tone and what it says. */
export type TextDiagnostic = { from: number; to: number; severity: 'error' | 'warning'; message: string };

export type CodeEditorHandle = {
  /** Selects `from..to`, scrolls it to the middle and focuses the editor. */
  reveal(from: number, to: number): void;
};

type Props = {
  /** The document text; a change from outside (the canvas) is applied as a minimal edit, keeping the caret. */
  value: string;
  onChange(text: string): void;
  diagnostics: readonly TextDiagnostic[];
  readOnly?: boolean;
  /** Accessible name of the editing surface (tests find the editor by it). */
  label: string;
  ref?: Ref<CodeEditorHandle>;
};

/** The user event of a value applied from outside (not reported back through onChange). */
const EXTERNAL = 'external';

const THEME = EditorView.theme({
  '&': { fontSize: '12px', height: '100%', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: '#f8fafc', borderRight: '1px solid #e2e8f0', color: '#94a3b8' },
  '&.cm-focused': { outline: 'none' },
});

/**
 * The JSON view of the workflow editor: CodeMirror 6 with JSON highlighting, folding, search,
 * undo, bracket matching and the validator's findings as lint diagnostics. Controlled: the parent
 * owns the text; typing calls `onChange`, and a new `value` from outside replaces only the range
 * that differs, so the caret and scroll position survive edits made on the canvas.
 */
export function CodeEditor({ value, onChange, diagnostics, readOnly = false, label, ref }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editable = useRef(new Compartment());

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          bracketMatching(),
          indentOnInput(),
          highlightSelectionMatches(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, ...searchKeymap, indentWithTab]),
          editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'json-view' }),
          EditorView.updateListener.of((u) => {
            // Only the user's own edits are reported: a value applied from outside is not an edit.
            if (u.docChanged && u.transactions.some((t) => t.docChanged && !t.isUserEvent(EXTERNAL))) {
              onChangeRef.current(u.state.doc.toString());
            }
          }),
          THEME,
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The view is created once; value, readOnly and diagnostics are pushed by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current === value) return;
    const edit = minimalEdit(current, value);
    v.dispatch({ changes: edit, userEvent: EXTERNAL });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
    });
  }, [readOnly]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const length = v.state.doc.length;
    const ds: Diagnostic[] = diagnostics
      .filter((d) => d.from <= length)
      .map((d) => ({ from: d.from, to: Math.min(Math.max(d.to, d.from), length), severity: d.severity, message: d.message }));
    v.dispatch(setDiagnostics(v.state, ds));
  }, [diagnostics, value]);

  useImperativeHandle(ref, () => ({
    reveal(from, to) {
      const v = view.current;
      if (!v) return;
      const length = v.state.doc.length;
      const range = EditorSelection.range(Math.min(from, length), Math.min(to, length));
      v.dispatch({ selection: range, effects: EditorView.scrollIntoView(range, { y: 'center' }) });
      v.focus();
    },
  }));

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="json-view-host" />;
}
