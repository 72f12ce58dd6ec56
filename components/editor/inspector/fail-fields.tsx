'use client';
import { AlternativeField } from './alternative-field';

/** A Fail's error name and cause, each given as text or read from the input (a path or intrinsic). */
export function FailFields() {
  return (
    <>
      <AlternativeField
        legend="Error"
        help="The error name the run fails with (a catcher of an enclosing Parallel/Map matches it)."
        none="None"
        alternatives={[
          { field: 'Error', label: 'Name', kind: 'text', start: 'WorkflowFailed' },
          { field: 'ErrorPath', label: 'From a path', kind: 'path', rule: 'pathOrIntrinsic', start: '$.error' },
        ]}
      />
      <AlternativeField
        legend="Cause"
        help="A readable explanation."
        none="None"
        alternatives={[
          { field: 'Cause', label: 'Text', kind: 'text', start: 'Something went wrong' },
          { field: 'CausePath', label: 'From a path', kind: 'path', rule: 'pathOrIntrinsic', start: '$.cause' },
        ]}
      />
    </>
  );
}
