'use client';
import { NullablePathField, ResultPathField } from './nullable-path-field';
import { PayloadEditor } from './payload-editor';
import { useStateEditor } from './use-state-editor';

const FILTERS = {
  InputPath: {
    help: 'Selects the part of the input the state works on. Empty: the whole input ($).',
    target: 'input',
    nullMeans: 'the state works on {}',
    placeholder: '$ (the whole input)',
  },
  OutputPath: {
    help: 'Selects what is handed to the next state. Empty: all of it ($).',
    target: 'beforeOutput',
    nullMeans: 'the state hands on {}',
    placeholder: '$ (everything)',
  },
} as const;

/** InputPath (what part of the raw input the state works on) or OutputPath (what part of its output goes on). */
export function FilterPathField({ field }: { field: keyof typeof FILTERS }) {
  const s = useStateEditor();
  return (
    <NullablePathField
      at={s.at(field)}
      label={field}
      {...FILTERS[field]}
      value={s.state[field]}
      rule="path"
      onChange={(v) => s.set(field, v, field)}
    />
  );
}

/** The state's ResultPath. */
export function StateResultPath() {
  const s = useStateEditor();
  return (
    <ResultPathField
      at={s.at('ResultPath')}
      label="ResultPath"
      value={s.state.ResultPath}
      onChange={(v) => s.set('ResultPath', v, 'ResultPath')}
    />
  );
}

const PAYLOAD_HELP = {
  Parameters:
    'The input the work receives, built from the input after InputPath. A name ending in .$ takes a path ' +
    '($.x, $$.Execution.Input.x) or an intrinsic call (States.Format(…)). Absent: the whole input.',
  ResultSelector: 'Reshapes the raw result before ResultPath; .$ paths read the result ($.data…).',
  ItemSelector:
    "The input of each iteration; .$ paths read the Map's input, $$.Map.Item.Value the current item and $$.Map.Item.Index its index. Absent: the item itself.",
} as const;

/** A Payload Template field of the state: Parameters, ResultSelector or ItemSelector. */
export function PayloadField({ field }: { field: keyof typeof PAYLOAD_HELP }) {
  const s = useStateEditor();
  const target = field === 'ResultSelector' ? 'result' : field === 'ItemSelector' ? 'item' : 'selected';
  return (
    <PayloadEditor
      at={s.at(field)}
      label={field}
      help={PAYLOAD_HELP[field]}
      value={s.state[field]}
      target={target}
      onChange={(v, typing) => s.set(field, v, typing ? field : undefined)}
    />
  );
}
