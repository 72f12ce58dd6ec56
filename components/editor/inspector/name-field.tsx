'use client';
import { FIELD } from '@/components/ui/button';
import { renameState } from '../model/rename-state';
import { indexStates } from '../model/state-index';
import { nameProblem } from '../model/state-names';
import { Field } from './field';
import { useInspector } from './inspector-context';
import { useDraft } from './use-draft';
import { useStateEditor } from './use-state-editor';

/**
 * The state's name. Renaming happens on Enter or when the field loses focus — every reference in
 * its scope follows (renameState) and the selection moves to the new pointer; a name that is
 * empty, too long or already used shows the model's reason and is not applied. Escape restores
 * the current name.
 */
export function NameField({ name }: { name: string }) {
  const { readOnly } = useInspector();
  const s = useStateEditor();
  const [text, setText] = useDraft<string>(name, () => name);
  // The other names only while a new one is typed (a copy of every name: not on each keystroke elsewhere).
  const problem = text === name ? null : nameProblem(text, takenBesides(s.doc, name));
  const commit = () => {
    if (text === name || problem) return;
    const result = renameState(s.doc, s.pointer, text);
    s.apply(result, undefined, result.ok ? [result.pointer] : undefined);
  };
  return (
    <Field
      at={s.pointer}
      label="Name"
      help="Unique in the workflow. Press Enter to rename; every transition to it follows."
      error={problem?.error.message}
      quiet
    >
      {(p) => (
        <input
          {...p}
          type="text"
          className={`${FIELD} w-full font-medium`}
          value={text}
          disabled={readOnly}
          data-testid="inspector-name"
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Escape') setText(name);
          }}
        />
      )}
    </Field>
  );
}

/** Every state name of `doc` but `name`. */
function takenBesides(doc: unknown, name: string): Set<string> {
  const taken = new Set(indexStates(doc).names);
  taken.delete(name);
  return taken;
}
