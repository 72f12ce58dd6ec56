'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { isObject } from '@/server/engine/json';
import { FieldGroup } from './field';
import { useInspector } from './inspector-context';
import { JsonField } from './json-field';
import { AddButton } from './list-controls';
import { moveItem, removeItem, replaceItem } from './list-edit';
import { PayloadRowEditor } from './payload-row';
import { newRowKey, rowsOf, templateOf, type PayloadRow } from './payload-rows';
import type { PathTarget } from './path-sources';
import { useDraft } from './use-draft';

type Props = {
  at: string;
  label: string;
  help: string;
  value: unknown;
  /** The new template; undefined removes the field. */
  onChange(v: Record<string, unknown> | undefined, typing: boolean): void;
  /** The data its `.$` paths read. */
  target: PathTarget;
};

/**
 * A Payload Template (Parameters, ResultSelector, ItemSelector) as key/value rows, or as JSON
 * text. Rows are written when every row is sound; a faulty row shows why and nothing is written.
 * An absent field says what that means and can be added.
 */
export function PayloadEditor({ at, label, help, value, onChange, target }: Props) {
  const { readOnly } = useInspector();
  const [asJson, setAsJson] = useState(false);
  const [rows, setRows] = useDraft<PayloadRow[]>(value, () => rowsOf(value));
  const result = templateOf(rows);
  /** `typing`: an edit inside a row (one undo step with the keystrokes around it); else adding, moving, removing a row. */
  const update = (next: readonly PayloadRow[], typing = false) => {
    const t = templateOf(next);
    if (t.ok) {
      setRows([...next], { value: t.value });
      onChange(t.value, typing);
    } else setRows([...next]);
  };
  const present = value !== undefined;
  const json = present && (asJson || !isObject(value));
  const actions = !readOnly && present && (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        className="!px-1.5 !py-0.5 text-xs"
        aria-pressed={asJson}
        aria-label={`Edit ${label} as JSON`}
        onClick={() => setAsJson(!asJson)}
      >
        {asJson ? 'Rows' : 'JSON'}
      </Button>
      <Button
        variant="ghost"
        className="!px-1.5 !py-0.5 text-xs text-red-700"
        aria-label={`Remove ${label}`}
        onClick={() => onChange(undefined, false)}
      >
        Remove
      </Button>
    </div>
  );
  return (
    <FieldGroup at={at} legend={label} help={help} actions={actions} quiet={json} except={rows.map((r) => r.key).filter(Boolean)}>
      {!present ? (
        <AddButton onClick={() => onChange({}, false)}>Add {label}</AddButton>
      ) : json ? (
        <JsonField
          at={at}
          label={`${label} as JSON`}
          expect="object"
          value={value}
          onChange={(v) => onChange(v as Record<string, unknown>, true)}
        />
      ) : (
        <>
          <ul className="space-y-1.5">
            {rows.map((row, i) => (
              <PayloadRowEditor
                key={i}
                at={at}
                row={row}
                index={i}
                count={rows.length}
                problem={result.ok ? undefined : result.problems.get(i)}
                target={target}
                onChange={(r) => update(replaceItem(rows, i, r), true)}
                onMove={(to) => update(moveItem(rows, i, to))}
                onRemove={() => update(removeItem(rows, i))}
              />
            ))}
          </ul>
          {rows.length === 0 && <p className="text-xs text-slate-500">No fields: the template produces {'{}'}.</p>}
          <div className="flex gap-1">
            <AddButton onClick={() => update([...rows, { key: newRowKey(rows, true), text: '$.' }])}>Add path field</AddButton>
            <AddButton onClick={() => update([...rows, { key: newRowKey(rows, false), text: '""' }])}>Add fixed field</AddButton>
          </div>
        </>
      )}
    </FieldGroup>
  );
}
