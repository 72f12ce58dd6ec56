'use client';
import { hasOwn, isObject } from '@/server/engine/json';
import { AlternativeField, valueOrPath } from './alternative-field';
import { SelectField, TextField } from './controls';
import { PayloadField } from './io-fields';
import { withMember } from './list-edit';
import { PathField } from './path-input';
import { useStateEditor } from './use-state-editor';

/**
 * A Map's items (ItemsPath), the input of each iteration (ItemSelector), how many run at once,
 * how many failures it tolerates, its Label and its processor's mode. Its states are edited on
 * the canvas, inside the Map.
 */
export function MapFields() {
  const s = useStateEditor();
  const processorField = hasOwn(s.state, 'ItemProcessor') || !hasOwn(s.state, 'Iterator') ? 'ItemProcessor' : 'Iterator';
  const processor = isObject(s.state[processorField]) ? (s.state[processorField] as Record<string, unknown>) : {};
  const config = isObject(processor.ProcessorConfig) ? processor.ProcessorConfig : {};
  const setConfig = (key: string, v: string) =>
    s.set('ItemProcessor', { ...processor, ProcessorConfig: withMember(config, key, v === '' ? undefined : v) });
  return (
    <>
      <PathField
        at={s.at('ItemsPath')}
        label="ItemsPath"
        help="The array to iterate over, in the input after InputPath. Empty: the input itself."
        rule="reference"
        target="selected"
        placeholder="$ (the input is the array)"
        value={s.state.ItemsPath}
        onChange={(v) => s.set('ItemsPath', v, 'ItemsPath')}
      />
      <PayloadField field="ItemSelector" />
      <AlternativeField
        legend="Concurrency"
        help="How many iterations run at once."
        none="No limit"
        alternatives={valueOrPath(
          'MaxConcurrency',
          { label: 'At most', kind: 'number', integer: true, min: 0, start: 4, help: '0 means no limit.' },
          '$.max_concurrency',
        )}
      />
      <AlternativeField
        legend="Tolerated failures (count)"
        help="The Map still succeeds when at most this many iterations fail."
        none="None"
        alternatives={valueOrPath(
          'ToleratedFailureCount',
          { label: 'Count', kind: 'number', integer: true, min: 0, start: 1 },
          '$.tolerated_failures',
        )}
      />
      <AlternativeField
        legend="Tolerated failures (%)"
        none="None"
        alternatives={valueOrPath(
          'ToleratedFailurePercentage',
          { label: 'Percent', kind: 'number', min: 0, max: 100, start: 10 },
          '$.tolerated_percentage',
        )}
      />
      <TextField
        at={s.at('Label')}
        label="Label"
        help="Names the Map's child executions (distributed mode)."
        value={s.state.Label}
        onChange={(v) => s.set('Label', v, 'Label')}
      />
      {processorField === 'ItemProcessor' ? (
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            at={s.at('ItemProcessor', 'ProcessorConfig', 'Mode')}
            label="Processor mode"
            value={typeof config.Mode === 'string' ? config.Mode : ''}
            options={[
              { value: '', label: 'Default (INLINE)' },
              { value: 'INLINE', label: 'INLINE' },
              { value: 'DISTRIBUTED', label: 'DISTRIBUTED' },
            ]}
            onChange={(v) => setConfig('Mode', v)}
          />
          <SelectField
            at={s.at('ItemProcessor', 'ProcessorConfig', 'ExecutionType')}
            label="Execution type"
            value={typeof config.ExecutionType === 'string' ? config.ExecutionType : ''}
            options={[
              { value: '', label: 'Default' },
              { value: 'STANDARD', label: 'STANDARD' },
              { value: 'EXPRESS', label: 'EXPRESS' },
            ]}
            onChange={(v) => setConfig('ExecutionType', v)}
          />
        </div>
      ) : (
        <p className="text-xs text-slate-500">This Map uses the legacy Iterator; its states are edited on the canvas.</p>
      )}
    </>
  );
}
