'use client';
import { useId } from 'react';
import { isRfc3339Timestamp } from '@/server/engine/asl/timestamp';
import type { PathRule } from '../model/check-path';
import { currentAlternative, switchAlternative } from './alternatives';
import { NumberField, TextField } from './controls';
import { FieldGroup } from './field';
import { useInspector } from './inspector-context';
import { PathField } from './path-input';
import { within } from './state-findings';
import { useStateEditor } from './use-state-editor';

/** One of a set of exclusive fields and the control its value gets. */
export type Alternative = { field: string; label: string; start: unknown; help?: string } & (
  { kind: 'number'; integer?: boolean; min?: number; max?: number } | { kind: 'text' | 'timestamp' } | { kind: 'path'; rule: PathRule }
);

/**
 * The common pair: `field` given directly (a number or text) or read from the input at `fieldPath`
 * (`TimeoutSeconds` / `TimeoutSecondsPath`, `Error` / `ErrorPath`, …).
 */
export function valueOrPath(field: string, direct: Direct, pathStart: string, rule: PathRule = 'reference'): Alternative[] {
  return [
    { field, ...direct },
    { field: `${field}Path`, label: 'From a path', kind: 'path', rule, start: pathStart },
  ];
}

type Direct = { label: string; start: unknown; help?: string } & (
  { kind: 'number'; integer?: boolean; min?: number; max?: number } | { kind: 'text' }
);

/**
 * Exclusive fields as a radio group (a Wait's four forms, Fail's Error/ErrorPath, a Task's
 * TimeoutSeconds/TimeoutSecondsPath, …) with the control of the chosen one under it. Choosing
 * another removes the previous field and starts the new one with its `start` value, in one edit.
 * `none` labels the choice of none of them (when the state may have none).
 */
export function AlternativeField({
  legend,
  help,
  alternatives,
  none,
}: {
  legend: string;
  help?: string;
  alternatives: readonly Alternative[];
  none?: string;
}) {
  const { readOnly, findings } = useInspector();
  const s = useStateEditor();
  const name = useId();
  const fields = alternatives.map((a) => a.field);
  const chosen = currentAlternative(s.state, fields);
  const alt = alternatives.find((a) => a.field === chosen);
  const choose = (field: string | null) =>
    s.apply(switchAlternative(s.doc, s.pointer, fields, field, alternatives.find((a) => a.field === field)?.start));
  const options: Array<{ field: string | null; label: string }> = [...(none ? [{ field: null, label: none }] : []), ...alternatives];
  // The chosen field's control shows its findings; the group those of the others (a second form present).
  const others = findings.filter((f) => fields.some((x) => x !== chosen && within(f.path, s.at(x))));
  return (
    <FieldGroup at={s.at(fields[0]!)} legend={legend} help={help} shown={others}>
      <div className="flex flex-wrap gap-x-3 gap-y-1" role="radiogroup" aria-label={legend}>
        {options.map((o) => (
          <label key={o.field ?? '-'} className="flex items-center gap-1.5 text-xs text-slate-800">
            <input
              type="radio"
              name={name}
              className="accent-indigo-600"
              checked={chosen === o.field}
              disabled={readOnly}
              onChange={() => choose(o.field)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {alt && <AlternativeControl alt={alt} />}
    </FieldGroup>
  );
}

function AlternativeControl({ alt }: { alt: Alternative }) {
  const s = useStateEditor();
  const base = { at: s.at(alt.field), label: alt.field, help: alt.help, value: s.state[alt.field] };
  const set = (v: unknown) => s.set(alt.field, v, alt.field);
  switch (alt.kind) {
    case 'number':
      return <NumberField {...base} required integer={alt.integer} min={alt.min} max={alt.max} onChange={set} />;
    case 'path':
      // Emptying the path keeps the field (as ""), so the form stays chosen while retyping.
      return (
        <PathField
          {...base}
          rule={alt.rule}
          target={alt.field === 'ErrorPath' || alt.field === 'CausePath' ? 'input' : 'selected'}
          onChange={(v) => set(v ?? '')}
        />
      );
    case 'timestamp':
      return (
        <TextField
          {...base}
          mono
          keepEmpty
          placeholder="2024-07-01T09:00:00Z"
          check={(t) => (isRfc3339Timestamp(t) ? null : 'An RFC 3339 timestamp, e.g. 2024-07-01T09:00:00Z.')}
          onChange={set}
        />
      );
    case 'text':
      return <TextField {...base} keepEmpty onChange={set} />;
  }
}
