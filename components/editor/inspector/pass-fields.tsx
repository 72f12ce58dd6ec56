'use client';
import { Button } from '@/components/ui/button';
import { hasOwn } from '@/server/engine/json';
import { FieldGroup } from './field';
import { useInspector } from './inspector-context';
import { JsonField } from './json-field';
import { AddButton } from './list-controls';
import { useStateEditor } from './use-state-editor';

/** A Pass state's Result: a fixed JSON value it outputs instead of its input (absent: it passes its input). */
export function PassFields() {
  const { readOnly } = useInspector();
  const s = useStateEditor();
  const present = hasOwn(s.state, 'Result');
  return present ? (
    <div className="space-y-1">
      <JsonField
        at={s.at('Result')}
        label="Result"
        help="Any JSON value; written at ResultPath."
        value={s.state.Result}
        onChange={(v) => s.set('Result', v, 'Result')}
      />
      {!readOnly && (
        <Button variant="ghost" className="!px-1.5 !py-0.5 text-xs text-red-700" onClick={() => s.set('Result', undefined)}>
          Remove Result
        </Button>
      )}
    </div>
  ) : (
    <FieldGroup at={s.at('Result')} legend="Result" help="No Result: the state passes its input (after Parameters) on.">
      <AddButton onClick={() => s.set('Result', {})}>Add Result</AddButton>
    </FieldGroup>
  );
}
