'use client';
import { Button } from '@/components/ui/button';
import { ChipsInput } from './chips-input';
import { FieldGroup } from './field';
import { useInspector } from './inspector-context';
import { COMMON_ERRORS } from './retry-catch';

const QUICK = ['States.ALL', 'States.Timeout', 'States.TaskFailed', 'States.Runtime'];

/**
 * The ErrorEquals of a retrier or catcher: its error names as chips, one-click buttons for the
 * common ones, and free text (any error name a skill raises) with the rest of the States errors
 * offered as you type.
 */
export function ErrorEquals({ at, value, onChange }: { at: string; value: unknown; onChange(v: string[]): void }) {
  const { readOnly } = useInspector();
  const names = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const quick = QUICK.filter((q) => !names.includes(q));
  return (
    <FieldGroup
      at={at}
      legend="Errors matched (ErrorEquals)"
      help="States.ALL matches every error and must stand alone, in the last entry."
    >
      <ChipsInput
        values={names}
        onChange={onChange}
        suggestions={COMMON_ERRORS}
        label="ErrorEquals"
        placeholder="error name, e.g. SkillTimeout"
      />
      {!readOnly && quick.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {quick.map((q) => (
            <Button
              key={q}
              variant="ghost"
              className="!px-1.5 !py-0.5 font-mono text-[11px]"
              onClick={() => onChange(q === 'States.ALL' ? [q] : [...names.filter((n) => n !== 'States.ALL'), q])}
            >
              + {q}
            </Button>
          ))}
        </div>
      )}
    </FieldGroup>
  );
}
