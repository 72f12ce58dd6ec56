'use client';
import { Button } from '@/components/ui/button';
import { isObject } from '@/server/engine/json';
import { FieldGroup } from './field';
import { useInspector } from './inspector-context';
import { AddButton } from './list-controls';
import { asList } from './list-edit';
import { addBranch, removeBranch } from './branches';
import { useStateEditor } from './use-state-editor';

/** A Parallel's branches: where each starts and how many states it has; add one (with a Pass state) or remove one. */
export function ParallelFields() {
  const { readOnly } = useInspector();
  const s = useStateEditor();
  const branches = asList(s.state.Branches);
  return (
    <FieldGroup
      at={s.at('Branches')}
      legend="Branches"
      help="Every branch gets the Parallel's input and runs at once; the output is the list of their outputs. Edit a branch's states on the canvas."
      except={branches.map((_, i) => String(i))}
    >
      <ol className="space-y-1.5">
        {branches.map((b, i) => {
          const branch = isObject(b) ? b : {};
          const count = isObject(branch.States) ? Object.keys(branch.States).length : 0;
          return (
            <li key={i}>
              <FieldGroup
                at={s.at('Branches', i)}
                legend={`Branch ${i + 1}`}
                actions={
                  !readOnly && (
                    <Button
                      variant="ghost"
                      className="!px-1.5 !py-0.5 text-xs text-red-700"
                      aria-label={`Remove branch ${i + 1}`}
                      disabled={branches.length < 2}
                      title={branches.length < 2 ? 'A Parallel keeps at least one branch' : `Remove branch ${i + 1} and its states`}
                      onClick={() => s.apply(removeBranch(s.doc, s.pointer, i))}
                    >
                      Remove
                    </Button>
                  )
                }
              >
                <p className="text-xs text-slate-600" data-testid="branch">
                  Starts at <span className="font-mono">{typeof branch.StartAt === 'string' ? branch.StartAt : '—'}</span> · {count}{' '}
                  {count === 1 ? 'state' : 'states'}
                </p>
              </FieldGroup>
            </li>
          );
        })}
      </ol>
      <AddButton testId="add-branch" onClick={() => s.apply(addBranch(s.doc, s.pointer))}>
        Add branch
      </AddButton>
    </FieldGroup>
  );
}
