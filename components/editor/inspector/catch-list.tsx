'use client';
import { TextField } from './controls';
import { EntryList } from './entry-list';
import { ErrorEquals } from './error-equals';
import { Field } from './field';
import { AddButton } from './list-controls';
import { ResultPathField } from './nullable-path-field';
import { catchIntoFail } from '../model/catch-into-fail';
import { TargetSelect } from './target-select';
import { useStateEditor } from './use-state-editor';

/**
 * The Catch list of a Task, Parallel or Map: catchers in order, each with its errors, where the
 * error output goes (ResultPath) and the state it moves to (Next, from the same scope). A new
 * catcher goes to a Fail state (catchIntoFail), never on into the next step by default.
 */
export function CatchList({ targets }: { targets: readonly string[] }) {
  const s = useStateEditor();
  return (
    <EntryList
      field="Catch"
      legend="Catch"
      help={
        'When retries are exhausted, the first catcher whose ErrorEquals matches moves on to its Next with the error ({Error, Cause}) ' +
        'at its ResultPath. A new catcher goes to a Fail state of this scope (one is added if there is none): point it at a ' +
        'recovery state if there is one.'
      }
      itemName="catcher"
      itemFields={['ErrorEquals', 'ResultPath', 'Next', 'Comment']}
      add={() => (
        <AddButton testId="add-catcher" onClick={() => s.apply(catchIntoFail(s.doc, s.pointer))}>
          Add catcher
        </AddButton>
      )}
    >
      {({ entry, set, at }) => (
        <>
          <ErrorEquals at={at('ErrorEquals')} value={entry.ErrorEquals} onChange={(v) => set('ErrorEquals', v, false)} />
          <Field at={at('Next')} label="Next" help="A state of the same scope.">
            {(p) => <TargetSelect {...p} value={entry.Next} targets={targets} onChange={(v) => set('Next', v ?? undefined, false)} />}
          </Field>
          <ResultPathField
            at={at('ResultPath')}
            label="ResultPath"
            value={entry.ResultPath}
            help="Where the error output goes. Empty: it replaces the input."
            onChange={(v) => set('ResultPath', v)}
          />
          <TextField at={at('Comment')} label="Comment" value={entry.Comment} onChange={(v) => set('Comment', v)} />
        </>
      )}
    </EntryList>
  );
}
