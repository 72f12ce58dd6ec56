'use client';
import { AlternativeField } from './alternative-field';
import { TextField } from './controls';
import { useStateEditor } from './use-state-editor';

/** A Task's Resource, timeout and heartbeat (each a number of seconds or a path to one). */
export function TaskFields() {
  const s = useStateEditor();
  return (
    <>
      <AlternativeField
        legend="Timeout"
        help="The Task fails with States.Timeout when it runs longer."
        none="None"
        alternatives={[
          { field: 'TimeoutSeconds', label: 'Seconds', kind: 'number', integer: true, min: 1, start: 60 },
          { field: 'TimeoutSecondsPath', label: 'From a path', kind: 'path', rule: 'reference', start: '$.timeout_seconds', help: 'A Reference Path to a number of seconds in the input.' },
        ]}
      />
      <AlternativeField
        legend="Heartbeat"
        help="The Task fails with States.HeartbeatTimeout when no heartbeat comes for this long; less than the timeout."
        none="None"
        alternatives={[
          { field: 'HeartbeatSeconds', label: 'Seconds', kind: 'number', integer: true, min: 1, start: 30 },
          { field: 'HeartbeatSecondsPath', label: 'From a path', kind: 'path', rule: 'reference', start: '$.heartbeat_seconds' },
        ]}
      />
      <TextField
        at={s.at('Resource')}
        label="Resource"
        mono
        help="Optional in Letta-ASL: the AgentBinding says what runs. When present, a URI."
        value={s.state.Resource}
        onChange={(v) => s.set('Resource', v, 'Resource')}
      />
    </>
  );
}
