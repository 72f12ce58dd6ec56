'use client';
import { AlternativeField, valueOrPath } from './alternative-field';

/** A Fail's error name and cause, each given as text or read from the input (a path or intrinsic). */
export function FailFields() {
  return (
    <>
      <AlternativeField
        legend="Error"
        help="The error name the run fails with (a catcher of an enclosing Parallel/Map matches it)."
        none="None"
        alternatives={valueOrPath('Error', { label: 'Name', kind: 'text', start: 'WorkflowFailed' }, '$.error', 'pathOrIntrinsic')}
      />
      <AlternativeField
        legend="Cause"
        help="A readable explanation."
        none="None"
        alternatives={valueOrPath('Cause', { label: 'Text', kind: 'text', start: 'Something went wrong' }, '$.cause', 'pathOrIntrinsic')}
      />
    </>
  );
}
