'use client';
import { useDeferredValue, useMemo, type Ref } from 'react';
import { locatePointer } from '@/components/workflows/json-pointer';
import { parseJsonWithSourceMap, type JsonSyntaxError } from '@/components/workflows/json-source-map';
import type { Finding } from '@/components/workflows/types';
import { CodeEditor, type CodeEditorHandle, type TextDiagnostic } from '../json/code-editor';

/**
 * Text ranges of findings in the current text: the pointed-at member's key and value, or, for a
 * missing member, its nearest existing ancestor. Text that does not parse has none.
 */
export function findingRanges(text: string, findings: readonly Finding[]): TextDiagnostic[] {
  if (findings.length === 0) return [];
  const parsed = parseJsonWithSourceMap(text);
  if (!parsed.ok) return [];
  const out: TextDiagnostic[] = [];
  for (const f of findings) {
    const hit = locatePointer(parsed.locations, f.path);
    if (!hit) continue;
    const { key, value } = hit.location;
    const from = (key ?? value).start;
    const to = hit.exact ? value.end : (key ?? value).end;
    out.push({ from, to, severity: f.severity, message: `${f.message} (${f.code})` });
  }
  return out;
}

/**
 * The JSON view: the document's text, kept in sync with the canvas both ways, with every finding
 * underlined where its pointer lands. Diagnostics follow the text one render behind while typing
 * (deferred), so large documents stay responsive.
 */
export function JsonPanel({
  text,
  onChange,
  findings,
  syntaxError,
  readOnly,
  editorRef,
}: {
  text: string;
  onChange(t: string): void;
  findings: readonly Finding[];
  syntaxError: JsonSyntaxError | null;
  readOnly: boolean;
  editorRef?: Ref<CodeEditorHandle>;
}) {
  const deferredText = useDeferredValue(text);
  const diagnostics = useMemo(
    () =>
      syntaxError
        ? [{ from: syntaxError.offset, to: syntaxError.offset + 1, severity: 'error' as const, message: syntaxError.message }]
        : findingRanges(deferredText, findings),
    [deferredText, findings, syntaxError],
  );
  return (
    <div className="h-full min-h-0">
      <CodeEditor
        ref={editorRef}
        value={text}
        onChange={onChange}
        diagnostics={syntaxError || deferredText === text ? diagnostics : []}
        readOnly={readOnly}
        label="Workflow JSON"
      />
    </div>
  );
}
