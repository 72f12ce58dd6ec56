'use client';
import { FIELD } from '@/components/ui/button';
import type { FieldBase } from './controls';
import { Field } from './field';
import { useInspector } from './inspector-context';
import { formatJson, parseJson } from './json-text';
import { useParsedText } from './use-draft';

/**
 * JSON typed as text: written when it parses (an object when `expect` is 'object'); otherwise
 * the text stays and the parse error shows under it. With `emptyRemoves`, clearing the text
 * removes the field.
 */
export function JsonField({
  value,
  onChange,
  expect = 'any',
  emptyRemoves,
  rows = 4,
  except,
  ...base
}: FieldBase & {
  value: unknown;
  onChange(v: unknown): void;
  expect?: 'any' | 'object';
  emptyRemoves?: boolean;
  rows?: number;
  except?: readonly string[];
}) {
  const { readOnly } = useInspector();
  const check = (t: string) => (emptyRemoves && t.trim() === '' ? ({ ok: true, value: undefined } as const) : parseJson(t, expect));
  const { text, error, change } = useParsedText(value, () => formatJson(value), check, onChange);
  return (
    <Field {...base} except={except} error={error}>
      {(p) => (
        <textarea
          {...p}
          rows={Math.min(14, Math.max(rows, text.split('\n').length))}
          spellCheck={false}
          className={`${FIELD} w-full font-mono text-xs`}
          value={text}
          disabled={readOnly}
          onChange={(e) => change(e.target.value)}
        />
      )}
    </Field>
  );
}
