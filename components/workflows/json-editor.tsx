'use client';
import { useImperativeHandle, useRef, useState, type DragEvent, type Ref } from 'react';

/** Geometry shared by the textarea, the gutter and the highlight layer (they must line up exactly). */
const LINE_PX = 20;
const PAD_PX = 12;

export type IssueTone = 'error' | 'warning';

/** Lines to mark: `line` strongly (the pointed-at key), the rest of `line..endLine` faintly (its value). */
export type EditorHighlight = { line: number; endLine: number; tone: IssueTone | 'parse' };

export type JsonEditorHandle = {
  /** Selects `start..end` (UTF-16 offsets), focuses the editor and scrolls `line` to the middle. */
  reveal(start: number, end: number, line: number): void;
};

type Props = {
  id: string;
  value: string;
  onChange(value: string): void;
  highlight: EditorHighlight | null;
  /** 1-based line → the worst finding on it, shown as a gutter mark. */
  marks: ReadonlyMap<number, IssueTone>;
  onFileDrop(file: File): void;
  ref?: Ref<JsonEditorHandle>;
};

const BAND: Record<EditorHighlight['tone'], { strong: string; faint: string }> = {
  error: { strong: 'bg-red-100 ring-1 ring-red-300', faint: 'bg-red-50/70' },
  warning: { strong: 'bg-amber-100 ring-1 ring-amber-300', faint: 'bg-amber-50/70' },
  parse: { strong: 'bg-red-100 ring-1 ring-red-300', faint: 'bg-red-50/70' },
};

/**
 * A plain-text JSON editor: a textarea (native editing, undo, paste, screen-reader support) over a
 * layer that paints the highlighted lines, with a line-number gutter kept in scroll sync. Lines are
 * never wrapped, so a line number maps to a fixed vertical offset.
 */
export function JsonEditor({ id, value, onChange, highlight, marks, onFileDrop, ref }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [dragging, setDragging] = useState(false);
  const lineCount = value.split('\n').length;

  useImperativeHandle(ref, () => ({
    reveal(start, end, line) {
      const ta = area.current;
      if (!ta) return;
      ta.focus({ preventScroll: true });
      ta.setSelectionRange(start, end);
      // On narrow layouts the findings sit below the editor: bring the editor itself into view.
      frame.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      // After the browser's own caret scrolling, centre the line (it may have put it at an edge).
      requestAnimationFrame(() => {
        ta.scrollTop = Math.max(0, PAD_PX + (line - 1) * LINE_PX - ta.clientHeight / 2);
        setScroll({ top: ta.scrollTop, left: ta.scrollLeft });
      });
    },
  }));

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) onFileDrop(file);
  };
  const top = (line: number) => PAD_PX + (line - 1) * LINE_PX - scroll.top;

  return (
    <div
      ref={frame}
      className={`relative flex h-[28rem] overflow-hidden xl:h-[36rem] rounded-lg border bg-white font-mono text-[13px] ${dragging ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-slate-300 focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-200'}`}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div aria-hidden className="relative w-14 shrink-0 select-none overflow-hidden border-r border-slate-200 bg-slate-50 text-right text-slate-400">
        <div style={{ transform: `translateY(${PAD_PX - scroll.top}px)`, lineHeight: `${LINE_PX}px` }}>
          {Array.from({ length: lineCount }, (_, i) => {
            const mark = marks.get(i + 1);
            return (
              <div key={i} className={`pr-2 ${mark === 'error' ? 'font-semibold text-red-600' : mark === 'warning' ? 'font-semibold text-amber-600' : ''}`}>
                {mark && <span className="mr-1">●</span>}
                {i + 1}
              </div>
            );
          })}
        </div>
      </div>
      <div className="relative min-w-0 flex-1">
        <div aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
          {highlight && highlight.endLine > highlight.line && (
            <div
              className={`absolute inset-x-0 ${BAND[highlight.tone].faint}`}
              style={{ top: top(highlight.line + 1), height: (highlight.endLine - highlight.line) * LINE_PX }}
            />
          )}
          {highlight && (
            <div
              data-testid="editor-highlight"
              data-line={highlight.line}
              className={`absolute inset-x-0 ${BAND[highlight.tone].strong}`}
              style={{ top: top(highlight.line), height: LINE_PX }}
            />
          )}
        </div>
        <textarea
          id={id}
          ref={area}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, left: e.currentTarget.scrollLeft })}
          wrap="off"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder="Paste a Letta-ASL workflow (JSON), drop a .json file here, or load an example."
          className="absolute inset-0 h-full w-full resize-none overflow-auto whitespace-pre bg-transparent text-slate-900 outline-none placeholder:font-sans placeholder:text-slate-400"
          style={{ padding: PAD_PX, lineHeight: `${LINE_PX}px`, tabSize: 2 }}
        />
        {dragging && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-indigo-50/80 font-sans text-sm font-medium text-indigo-700">
            Drop the .json file to load it
          </div>
        )}
      </div>
    </div>
  );
}
