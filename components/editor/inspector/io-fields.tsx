'use client';
import { NullablePathField, ResultPathField } from './nullable-path-field';
import { PayloadEditor } from './payload-editor';
import { useStateEditor } from './use-state-editor';

/** InputPath: what part of the raw input the state works on. */
export function InputPathField() {
  const s = useStateEditor();
  return (
    <NullablePathField
      at={s.at('InputPath')}
      label="InputPath"
      help="Selects the part of the input the state works on. Empty: the whole input ($)."
      value={s.state.InputPath}
      rule="path"
      target="input"
      nullMeans="the state works on {}"
      placeholder="$ (the whole input)"
      onChange={(v) => s.set('InputPath', v, 'InputPath')}
    />
  );
}

/** OutputPath: what part of the state's output goes on to the next state. */
export function OutputPathField() {
  const s = useStateEditor();
  return (
    <NullablePathField
      at={s.at('OutputPath')}
      label="OutputPath"
      help="Selects what is handed to the next state. Empty: all of it ($)."
      value={s.state.OutputPath}
      rule="path"
      target="beforeOutput"
      nullMeans="the state hands on {}"
      placeholder="$ (everything)"
      onChange={(v) => s.set('OutputPath', v, 'OutputPath')}
    />
  );
}

/** The state's ResultPath. */
export function StateResultPath() {
  const s = useStateEditor();
  return <ResultPathField at={s.at('ResultPath')} label="ResultPath" value={s.state.ResultPath} onChange={(v) => s.set('ResultPath', v, 'ResultPath')} />;
}

const PAYLOAD_HELP = {
  Parameters: 'The input the work receives, built from the input after InputPath. A name ending in .$ takes a path ($.x, $$.Execution.Input.x) or an intrinsic call (States.Format(…)). Absent: the whole input.',
  ResultSelector: 'Reshapes the raw result before ResultPath; .$ paths read the result ($.data…).',
  ItemSelector: 'The input of each iteration; .$ paths read the Map\'s input, $$.Map.Item.Value the current item and $$.Map.Item.Index its index. Absent: the item itself.',
} as const;

/** A Payload Template field of the state: Parameters, ResultSelector or ItemSelector. */
export function PayloadField({ field }: { field: keyof typeof PAYLOAD_HELP }) {
  const s = useStateEditor();
  const target = field === 'ResultSelector' ? 'result' : field === 'ItemSelector' ? 'item' : 'selected';
  return <PayloadEditor at={s.at(field)} label={field} help={PAYLOAD_HELP[field]} value={s.state[field]} target={target} onChange={(v, typing) => s.set(field, v, typing ? field : undefined)} />;
}
