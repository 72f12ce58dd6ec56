'use client';
import { FIELD } from '@/components/ui/button';
import type { FieldBase } from './controls';
import { Field } from './field';
import { useInspector } from './inspector-context';
import { formatJson, parseJson } from './json-text';
import { useDraft } from './use-draft';

/**
 * JSON typed as text: written when it parses (an object when `expect` is 'object'); otherwise
 * the text stays and the parse error shows under it. With `emptyRemoves`, clearing the text
 * removes the field.
 */
export function JsonField({ value, onChange, expect = 'any', emptyRemoves, rows = 4, except, ...base }: FieldBase & { value: unknown; onChange(v: unknown): void; expect?: 'any' | 'object'; emptyRemoves?: boolean; rows?: number; except?: readonly string[] }) {
  const { readOnly } = useInspector();
  const [text, setText] = useDraft(value, () => formatJson(value));
  const check = (t: string) => (emptyRemoves && t.trim() === '' ? ({ ok: true, value: undefined } as const) : parseJson(t, expect));
  const parsed = check(text);
  return (
    <Field {...base} except={except} error={parsed.ok ? null : parsed.message}>
      {(p) => (
        <textarea
          {...p}
          rows={Math.min(14, Math.max(rows, text.split('\n').length))}
          spellCheck={false}
          className={`${FIELD} w-full font-mono text-xs`}
          value={text}
          disabled={readOnly}
          onChange={(e) => {
            const next = check(e.target.value);
            if (next.ok) {
              setText(e.target.value, { value: next.value });
              onChange(next.value);
            } else setText(e.target.value);
          }}
        />
      )}
    </Field>
  );
}
