'use client';
import { AlternativeField, valueOrPath } from './alternative-field';
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
        alternatives={valueOrPath(
          'TimeoutSeconds',
          { label: 'Seconds', kind: 'number', integer: true, min: 1, start: 60 },
          '$.timeout_seconds',
        )}
      />
      <AlternativeField
        legend="Heartbeat"
        help="The Task fails with States.HeartbeatTimeout when no heartbeat comes for this long; less than the timeout."
        none="None"
        alternatives={valueOrPath(
          'HeartbeatSeconds',
          { label: 'Seconds', kind: 'number', integer: true, min: 1, start: 30 },
          '$.heartbeat_seconds',
        )}
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
