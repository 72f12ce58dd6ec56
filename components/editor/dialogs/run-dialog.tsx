'use client';
import { useMemo, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { isObject } from '@/server/engine/json';
import { formFields } from '../model/form-fields';
import { formToInput } from '../model/form-to-input';
import { advisorFieldOf, liveProblems, orderedFields, withCrmSpelling, type AdvisorList } from '../model/run-form-checks';
import type { WorkflowDoc } from '../model/types';
import { Dialog } from './dialog';
import { InputFormField, type Suggestion } from './input-form-field';
import { TestRunChoice, useSavedStatus } from './test-run-choice';
import { useAdvisors } from './use-advisors';

/** The issues a refused start reports (input or workflow validation), when it lists any. */
function issuesOf(failure: object): Array<{ path: string; message: string }> {
  const issues = (failure as { issues?: unknown }).issues;
  return Array.isArray(issues)
    ? issues
        .filter((i): i is { path: string; message: string } => isObject(i) && typeof i.message === 'string')
        .map((i) => ({ path: String(i.path ?? ''), message: i.message }))
    : [];
}

/** Initial control values: each field's schema default, as the control holds it. */
function defaults(fields: ReturnType<typeof formFields>): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.default === undefined) continue;
    v[f.name] = f.type === 'object' || f.type === 'array' ? JSON.stringify(f.default, null, 2) : f.default;
  }
  return v;
}

/** What the advisor field says under it about the CRM's list. */
function advisorNote(list: AdvisorList): string {
  if (list.status === 'loading') return 'Reading the CRM’s advisors…';
  if (list.status === 'unavailable') {
    return `The CRM’s advisor list could not be read (${list.reason}); the name is checked when the run starts.`;
  }
  return `Choose one of the CRM’s ${list.advisors.length} advisors (type to search the list).`;
}

/**
 * Run the workflow from the editor: a form generated from `workflow_input_schema` (every field
 * checked before anything is sent), then `start_workflow_run` — the saved version by id when the
 * editor holds it unchanged, else the document as it is now — and on to the live run view. As
 * the Planner does before a run (issue 15), the form refuses a period whose start is after its
 * end and an advisor the CRM does not know (`advisor_name` is offered as the CRM's list); while
 * either fails, a message says why under the field and Start stays disabled.
 */
export function RunDialog({
  open,
  onClose,
  doc,
  saved,
  canTestRun,
}: {
  open: boolean;
  onClose(): void;
  doc: WorkflowDoc;
  saved: { workflow_id: string; version: string } | null;
  /** Designers and admins may start test runs (issue 28); the server checks the same. */
  canTestRun: boolean;
}) {
  const trpc = useTRPC();
  const status = useSavedStatus(saved);
  const mustTest = saved !== null && status !== null && status !== 'published';
  const [testRun, setTestRun] = useState(false);
  const router = useRouter();
  const fields = useMemo(() => orderedFields(formFields(doc.workflow_input_schema)), [doc.workflow_input_schema]);
  const [values, setValues] = useState<Record<string, unknown>>(() => defaults(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [extra, setExtra] = useState('');
  const start = useMutation(trpc.runs.start.mutationOptions());
  const noSchemaFields = fields.length === 0;
  const advisorField = useMemo(() => advisorFieldOf(fields), [fields]);
  const advisors = useAdvisors(advisorField !== null);
  const live = useMemo(() => liveProblems(fields, values, advisors), [fields, values, advisors]);
  const suggestions = useMemo<Suggestion[] | undefined>(
    () => (advisors.status === 'ready' ? advisors.advisors.map((a) => ({ value: a.name, label: a.team })) : undefined),
    [advisors],
  );
  const waitingForList = advisorField !== null && advisors.status === 'loading';
  const blocked = Object.keys(live).length > 0 || waitingForList || (mustTest && !canTestRun);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let input: Record<string, unknown>;
    if (noSchemaFields) {
      try {
        const parsed: unknown = extra.trim() ? JSON.parse(extra) : {};
        if (!isObject(parsed)) throw new Error('the input must be a JSON object');
        input = parsed;
      } catch (err) {
        return setErrors({ $: `Input: ${(err as Error).message}` });
      }
    } else {
      if (blocked) return;
      const r = formToInput(fields, values);
      if (!r.ok) return setErrors(r.errors);
      input = withCrmSpelling(r.value, advisors);
    }
    setErrors({});
    const asTest = mustTest || testRun ? { test_run: true } : {};
    const result = await start.mutateAsync(
      saved ? { workflow_id: saved.workflow_id, version: saved.version, input, ...asTest } : { workflow: doc, input, ...asTest },
    );
    if (result.status === 'ok') router.push(`/runs/${result.run_id}`);
  };
  const failure = start.data?.status === 'error' ? start.data : null;

  return (
    <Dialog title={`Run ${typeof doc.workflow_name === 'string' ? doc.workflow_name : 'workflow'}`} open={open} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate aria-label="Run input">
        <p className="text-sm text-slate-600">
          {saved ? (
            <>
              Runs saved version v{saved.version}.{status ? ` It is ${status === 'draft' ? 'a draft' : status}.` : ''}
            </>
          ) : (
            <>Runs the document as it is in the editor (not saved).</>
          )}
        </p>
        <TestRunChoice
          mustTest={mustTest}
          canTestRun={canTestRun}
          checked={mustTest || testRun}
          onChange={setTestRun}
          version={saved?.version ?? null}
        />
        {noSchemaFields ? (
          <div className="space-y-1">
            <label htmlFor="run-input-json" className="block text-sm font-medium">
              Input (JSON object)
            </label>
            <textarea
              id="run-input-json"
              rows={5}
              value={extra}
              onChange={(e) => setExtra(e.target.value)}
              className="w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
              placeholder="{}"
            />
            {errors.$ && (
              <p className="text-xs text-red-700" role="alert">
                {errors.$}
              </p>
            )}
          </div>
        ) : (
          fields.map((f) => (
            <InputFormField
              key={f.name}
              field={f}
              value={values[f.name]}
              error={live[f.name] ?? errors[f.name]}
              suggestions={f === advisorField ? suggestions : undefined}
              note={f === advisorField ? advisorNote(advisors) : undefined}
              onChange={(v) => {
                setValues((old) => ({ ...old, [f.name]: v }));
                // A changed field's error from the last Start is about a value no longer there.
                setErrors(({ [f.name]: _gone, ...rest }) => rest);
              }}
            />
          ))
        )}
        {failure && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <p>The run did not start: {failure.error}</p>
            {issuesOf(failure).length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-xs">
                {issuesOf(failure)
                  .slice(0, 8)
                  .map((i) => (
                    <li key={`${i.path}${i.message}`}>
                      <code>{i.path || '/'}</code> {i.message}
                    </li>
                  ))}
              </ul>
            )}
          </div>
        )}
        {start.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(start.error)}
          </p>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={start.isPending || blocked}
            title={blocked ? (waitingForList ? 'Reading the CRM’s advisors…' : 'Fix the problems above first') : undefined}
          >
            {start.isPending ? 'Starting…' : 'Start run'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
