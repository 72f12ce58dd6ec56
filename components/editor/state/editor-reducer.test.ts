import { describe, expect, it } from 'vitest';
import { addState } from '../model/add-state';
import { indexStates } from '../model/state-index';
import { editorReducer, initialEditorState, printDoc, stateFromText, type EditorState } from './editor-reducer';
import { editorText, hasText } from './editor-text';
import type { WorkflowDoc } from '../model/types';

const exists = (doc: WorkflowDoc, pointer: string) => indexStates(doc).states.has(pointer);
const reduce = editorReducer(exists);
const doc: WorkflowDoc = { asl: { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } } };

describe('editorReducer', () => {
  it('a canvas edit records history, reprints the text and selects what it asks', () => {
    let s = initialEditorState(doc);
    const r = addState(s.history.present, '/asl', 'Succeed');
    s = reduce(s, { type: 'edit', result: r, select: ['/asl/States/Succeed'] });
    expect(s.history.past).toHaveLength(1);
    expect(editorText(s)).toBe(printDoc(s.history.present));
    expect(s.selection).toEqual(['/asl/States/Succeed']);
    expect(hasText(s, s.baseline)).toBe(false);
  });

  it('a refused edit changes nothing but the notice', () => {
    const s0 = initialEditorState(doc);
    const s = reduce(s0, { type: 'edit', result: addState(doc, '/asl/nowhere', 'Pass') });
    expect(s.history).toBe(s0.history);
    expect(s.notice).toMatch(/\S/);
  });

  it('typing that does not parse keeps the last good document and says why', () => {
    let s = initialEditorState(doc);
    s = reduce(s, { type: 'text', text: '{"asl": ' });
    expect(s.syntaxError).toMatch(/JSON|Unexpected|end/i);
    expect(s.history.present).toBe(doc);
    expect(editorText(s)).toBe('{"asl": ');
    s = reduce(s, { type: 'text', text: '[]' });
    expect(s.syntaxError).toMatch(/object/);
  });

  it('typing is one undo step; undo restores the text of the earlier document', () => {
    let s = initialEditorState(doc);
    const t1 = printDoc({ asl: { StartAt: 'A', States: { A: { Type: 'Pass', End: true, Comment: 'x' } } } });
    const t2 = printDoc({ asl: { StartAt: 'A', States: { A: { Type: 'Pass', End: true, Comment: 'xy' } } } });
    s = reduce(s, { type: 'text', text: t1 });
    s = reduce(s, { type: 'text', text: t2 });
    expect(s.history.past).toHaveLength(1);
    s = reduce(s, { type: 'undo' });
    expect(s.history.present).toBe(doc);
    expect(editorText(s)).toBe(printDoc(doc));
    s = reduce(s, { type: 'redo' });
    expect(editorText(s)).toBe(t2);
  });

  it('drops selected states that an edit removed', () => {
    let s: EditorState = { ...initialEditorState(doc), selection: ['/asl/States/A'] };
    s = reduce(s, { type: 'text', text: printDoc({ asl: { StartAt: 'B', States: { B: { Type: 'Succeed' } } } }) });
    expect(s.selection).toEqual([]);
  });

  it('starts from text that does not parse as an empty document with the error', () => {
    const s = stateFromText('nope');
    expect(s.syntaxError).not.toBeNull();
    expect(editorText(s)).toBe('nope');
    expect(s.baseline.text).toBe('nope');
    expect(hasText(s, s.baseline)).toBe(true);
  });

  it('saved makes the current text the baseline', () => {
    let s = reduce(initialEditorState(doc), { type: 'edit', result: addState(doc, '/asl', 'Pass') });
    expect(hasText(s, s.baseline)).toBe(false);
    s = reduce(s, { type: 'saved' });
    expect(s.baseline.text).toBe(editorText(s));
    expect(hasText(s, s.baseline)).toBe(true);
  });

  it('an edit taken back by hand is clean again, though it is a new document', () => {
    const withComment = (c: string) => ({
      ok: true as const,
      doc: { asl: { StartAt: 'A', States: { A: { Type: 'Pass', End: true, Comment: c } } } },
    });
    let s = stateFromText(printDoc(doc));
    expect(s.typed).toBeNull();
    s = reduce(s, { type: 'edit', result: withComment('x'), coalesce: 'c' });
    expect(hasText(s, s.baseline)).toBe(false);
    s = reduce(s, {
      type: 'edit',
      result: { ok: true, doc: { asl: { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } } } },
      coalesce: 'c',
    });
    expect(s.history.present).not.toBe(doc);
    expect(hasText(s, s.baseline)).toBe(true);
  });

  it('loaded text spaced by hand stays the text until an edit reprints it, and is then changed for good', () => {
    const own = '{"asl": {"StartAt": "A", "States": {"A": {"Type": "Pass", "End": true}}}}';
    let s = stateFromText(own);
    expect(editorText(s)).toBe(own);
    expect(hasText(s, s.baseline)).toBe(true);
    s = reduce(s, { type: 'edit', result: { ok: true, doc } });
    expect(editorText(s)).toBe(printDoc(doc));
    expect(hasText(s, s.baseline)).toBe(false);
  });
});
