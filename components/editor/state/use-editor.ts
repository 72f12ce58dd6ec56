'use client';
import { useMemo, useReducer, useRef } from 'react';
import type { StateType } from '@/server/engine/asl/state-fields';
import { addState } from '../model/add-state';
import { copyStates } from '../model/clipboard';
import { connect } from '../model/connect';
import { disconnect } from '../model/disconnect';
import { pasteStates } from '../model/paste-states';
import { removeStates } from '../model/remove-states';
import { indexStates, statePointer } from '../model/state-index';
import type { EditResult, WorkflowDoc } from '../model/types';
import type { CanvasActions } from '../canvas/editor-canvas';
import type { RouteEdge } from '../canvas/to-react-flow';
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './editor-reducer';

const exists = (doc: WorkflowDoc, pointer: string) => indexStates(doc).states.has(pointer);
const reducer = editorReducer(exists);

/** Several edits as one: each applies to the previous result; the first refusal stops the chain. */
export function chain(doc: WorkflowDoc, steps: Array<(d: WorkflowDoc) => EditResult>): EditResult {
  let current: EditResult = { ok: true, doc };
  for (const step of steps) {
    if (!current.ok) return current;
    current = step(current.doc);
  }
  return current;
}

/**
 * Removing transitions: one per edge, highest rule/catcher index first so earlier indexes stay
 * right while later ones go.
 */
export function removeEdges(doc: WorkflowDoc, edges: readonly Pick<RouteEdge, 'source' | 'data'>[]): EditResult {
  const sorted = [...edges].sort((a, b) => (b.data?.index ?? 0) - (a.data?.index ?? 0));
  return chain(
    doc,
    sorted
      .filter((e) => e.data && e.data.kind !== 'start')
      .map(
        (e) => (d) =>
          disconnect(d, { source: e.source, kind: e.data!.kind, ...(e.data!.index !== undefined ? { index: e.data!.index } : {}) }),
      ),
  );
}

/**
 * The editor's state and every gesture as an action on it. `canvas` is stable for the life of
 * the editor (it reads the latest state through a ref), so memoised canvas parts never redraw
 * because an action changed identity.
 */
export function useEditor(initial?: EditorState) {
  const [state, dispatch] = useReducer(reducer, initial ?? initialEditorState());
  const latest = useRef(state);
  latest.current = state;
  const clipboard = useRef<string | null>(null);

  const canvas = useMemo<CanvasActions & { dispatch(a: EditorAction): void; add(type: StateType): void }>(() => {
    const doc = () => latest.current.history.present;
    const edit = (result: EditResult, select?: readonly string[]) => dispatch({ type: 'edit', result, ...(select ? { select } : {}) });
    return {
      dispatch,
      connect(source, handle, target) {
        const kind = handle === 'rule' ? 'choice' : handle;
        edit(connect(doc(), source, { kind } as Parameters<typeof connect>[2], target));
      },
      retarget(edge, target) {
        const d = edge.data;
        if (!d || d.kind === 'start') return;
        edit(
          connect(
            doc(),
            edge.source,
            { kind: d.kind, ...(d.index !== undefined ? { index: d.index } : {}) } as Parameters<typeof connect>[2],
            target,
          ),
        );
      },
      select(pointers) {
        const cur = latest.current.selection;
        if (cur.length !== pointers.length || cur.some((p, i) => p !== pointers[i])) dispatch({ type: 'select', pointers });
      },
      move(id, position) {
        dispatch({ type: 'move', id, position });
      },
      drop(type, scope, position) {
        const r = addState(doc(), scope, type);
        edit(r, r.ok ? [r.pointer] : undefined);
        if (r.ok) dispatch({ type: 'move', id: r.pointer, position });
      },
      add(type) {
        const first = latest.current.selection[0];
        const scope = first ? (indexStates(doc()).states.get(first)?.scope.pointer ?? '/asl') : '/asl';
        const r = addState(doc(), scope, type);
        edit(r, r.ok ? [r.pointer] : undefined);
      },
      remove(pointers, edges) {
        const d = doc();
        const afterEdges = removeEdges(
          d,
          edges.filter((e) => !pointers.includes(e.source)),
        );
        if (!afterEdges.ok || pointers.length === 0) return edit(afterEdges);
        const live = pointers.filter((p) => exists(afterEdges.doc, p));
        edit(live.length ? removeStates(afterEdges.doc, live) : afterEdges, []);
      },
      copy(pointers) {
        if (pointers.length === 0) return null;
        const text = JSON.stringify(copyStates(doc(), pointers));
        clipboard.current = text;
        return text;
      },
      paste(text, scope) {
        let payload: unknown;
        try {
          payload = JSON.parse(text);
        } catch {
          return dispatch({ type: 'notice', message: 'The clipboard does not hold copied states.' });
        }
        const r = pasteStates(doc(), scope, payload);
        edit(r, r.ok ? r.names.map((n) => statePointer(scope, n)) : undefined);
      },
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      selectAll() {
        dispatch({ type: 'select', pointers: [...indexStates(doc()).states.keys()] });
      },
      open(pointer) {
        dispatch({ type: 'select', pointers: [pointer] });
      },
    };
  }, []);

  return { state, canvas, clipboard };
}
