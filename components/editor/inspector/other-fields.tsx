'use client';
import { useId, useState } from 'react';
import type { StateType } from '@/server/engine/asl/state-fields';
import { hasOwn } from '@/server/engine/json';
import { Button, FIELD } from '@/components/ui/button';
import { FindingList } from './field';
import { otherFieldDefault, otherFields, unknownFields } from './field-groups';
import { useInspector } from './inspector-context';
import { JsonField } from './json-field';
import { findingsUnder } from './state-findings';
import { useStateEditor } from './use-state-editor';

const HELP: Record<string, string> = {
  QueryLanguage: 'JSONPath (the only query language this engine evaluates).',
  Credentials: "A payload template of credentials for the Task's resource.",
  Parameters: 'The legacy name of ItemSelector (use one of the two).',
  ItemReader: 'Reads the items from a resource instead of ItemsPath (distributed Map).',
  ItemBatcher: 'Groups items into batches (MaxItemsPerBatch, MaxInputBytesPerBatch, BatchInput).',
  ResultWriter: "Writes the Map's results to a resource.",
};

/**
 * The fields the state's type allows that have no form of their own, as JSON: those present,
 * each removable, and a picker to add another. Fields the type does not allow are named so they
 * can be removed in the JSON view.
 */
export function OtherFields({ type }: { type: StateType }) {
  const { readOnly, findings } = useInspector();
  const s = useStateEditor();
  const addId = useId();
  const fields = otherFields(type);
  const present = fields.filter((f) => hasOwn(s.state, f));
  const absent = fields.filter((f) => !hasOwn(s.state, f));
  const [adding, setAdding] = useState('');
  const unknown = unknownFields(type, s.state);
  return (
    <div className="space-y-3" data-testid="other-fields">
      {present.map((f) => (
        <div key={f} className="space-y-1">
          <JsonField at={s.at(f)} label={f} help={HELP[f]} value={s.state[f]} onChange={(v) => s.set(f, v, f)} />
          {!readOnly && (
            <Button variant="ghost" className="!px-1.5 !py-0.5 text-xs text-red-700" onClick={() => s.set(f, undefined)}>
              Remove {f}
            </Button>
          )}
        </div>
      ))}
      {present.length === 0 && (
        <p className="text-xs text-slate-500">None set. {fields.length ? `A ${type} state may also have ${fields.join(', ')}.` : ''}</p>
      )}
      {!readOnly && absent.length > 0 && (
        <div className="flex items-end gap-1">
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={addId} className="block text-xs font-medium text-slate-700">
              Add a field
            </label>
            <select id={addId} className={`${FIELD} w-full`} value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">— choose —</option>
              {absent.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <Button
            disabled={adding === ''}
            onClick={() => {
              s.set(adding, otherFieldDefault(adding));
              setAdding('');
            }}
          >
            Add
          </Button>
        </div>
      )}
      {unknown.map((f) => (
        <div
          key={f}
          className="space-y-0.5 rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900"
          data-pointer={s.at(f)}
        >
          <p>
            <span className="font-mono">{f}</span> is not a field of a {type} state; remove it in the JSON view.
          </p>
          <FindingList findings={findingsUnder(findings, s.at(f))} />
        </div>
      ))}
    </div>
  );
}
