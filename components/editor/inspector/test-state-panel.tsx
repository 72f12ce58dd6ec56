'use client';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import type { AppRouter } from '@/server/trpc/root';
import { Dialog } from '../dialogs/dialog';
import { sampleValue } from '../model/sample-value';
import { inputShapeOf } from '../model/state-shapes';
import { useInspector } from './inspector-context';

type Answer = inferRouterOutputs<AppRouter>['workflows']['testState'];
type Report = Extract<Answer, { status: 'ok' }>;
type LastInput = Extract<inferRouterOutputs<AppRouter>['workflows']['lastStateInput'], { status: 'ok' }>['found'];

/** The most input the tool takes (test_workflow_state's TEST_INPUT_MAX), checked here first. */
const INPUT_MAX = 64 * 1024;

/**
 * "Test state…" (issue 34): runs the selected state alone on an input typed here, with
 * test_workflow_state — no run, nothing written. The input starts as the state's raw input in the
 * newest run of the workflow that reached it (get_last_state_input; the run and when are said), else
 * as a sample of the data that reaches the state (its upstream shape); the answer shows the
 * effective input, the raw result, the output, and where the state would go or how it would fail.
 */
export function TestStateButton({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="!px-2 !py-0.5 text-xs" onClick={() => setOpen(true)} data-testid="test-state-open">
        Test state…
      </Button>
      <Dialog title={`Test state ${name}`} open={open} onClose={() => setOpen(false)} wide>
        <TestStateForm name={name} />
      </Dialog>
    </>
  );
}

function TestStateForm({ name }: { name: string }) {
  const { doc, pointer } = useInspector();
  const trpc = useTRPC();
  const test = useMutation(trpc.workflows.testState.mutationOptions());
  const workflowId = typeof doc.workflow_id === 'string' && doc.workflow_id ? doc.workflow_id : null;
  const last = useQuery(
    trpc.workflows.lastStateInput.queryOptions({ workflow_id: workflowId ?? '-', state: name }, { enabled: !!workflowId, staleTime: 0 }),
  );
  const found: LastInput = last.data?.status === 'ok' ? last.data.found : null;
  const [sample] = useState(() => JSON.stringify(sampleValue(inputShapeOf(doc, pointer ?? '')), null, 2));
  // What the user typed; until then the input shown is the last run's (once read), else the sample.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? (found ? JSON.stringify(found.input, null, 2) : sample);
  const setText = setTyped;
  const [problem, setProblem] = useState<string | null>(null);
  // An input that cannot run also clears the last answer: the answer shown is always the last input's that ran.
  const refuse = (why: string) => {
    test.reset();
    setProblem(why);
  };
  const run = () => {
    if (text.length > INPUT_MAX) return refuse(`The input is over ${INPUT_MAX.toLocaleString('en-GB')} characters.`);
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (err) {
      return refuse(`Not JSON: ${(err as Error).message}`);
    }
    setProblem(null);
    test.mutate({ workflow: doc, state: name, input });
  };
  const answer = test.data;
  const failed = test.error?.message ?? (answer?.status === 'error' ? answer.error : null);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-600">
        Runs this state alone on the input below; no run is started and nothing is saved. A Task calls its skill for real.
      </p>
      <div className="space-y-1">
        <label htmlFor="test-state-input" className="block text-xs font-medium text-slate-700">
          State input (JSON, as it reaches the state)
        </label>
        <InputSource found={found} looking={!!workflowId && last.isPending} edited={typed !== null} />
        <textarea
          id="test-state-input"
          className={`${FIELD} h-40 w-full font-mono text-xs`}
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'test-state-problem' : undefined}
          data-testid="test-state-input"
        />
        {problem && (
          <p id="test-state-problem" className="text-xs text-red-700" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <Button variant="primary" onClick={run} disabled={test.isPending} data-testid="test-state-run">
          {test.isPending ? 'Running…' : 'Run test'}
        </Button>
        {failed && (
          <p className="text-xs text-red-700" role="alert">
            {failed}
          </p>
        )}
      </div>
      {answer?.status === 'ok' && <TestReport report={answer} />}
    </div>
  );
}

/** Where the input shown came from: the run that last reached the state (with when, London time), or the upstream shape. */
function InputSource({ found, looking, edited }: { found: LastInput; looking: boolean; edited: boolean }) {
  const said = looking
    ? 'Looking for the last run that reached this state…'
    : found
      ? null
      : 'No run of this workflow has reached this state yet: the input is a sample of the data that reaches it.';
  return (
    <p className="text-xs text-slate-600" data-testid="test-state-source">
      {found ? (
        <>
          {edited ? 'Started from' : 'Prefilled from'}{' '}
          <a className="font-mono text-indigo-700 underline-offset-2 hover:underline" href={`/runs/${found.run_id}`}>
            run {found.run_id.slice(0, 8)}
          </a>{' '}
          (version {found.workflow_version}), the last run that reached this state: its input when it was entered
          {found.instance !== found.instance.split('/').pop() ? ` as ${found.instance}` : ''} on {ukDateTime(found.entered_at)}.
        </>
      ) : (
        said
      )}
    </p>
  );
}

function TestReport({ report: r }: { report: Report }) {
  return (
    <section
      className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      aria-label="Test result"
      data-testid="test-state-result"
    >
      <p className="font-medium text-slate-900" data-testid="test-state-outcome">
        <Outcome r={r} />
      </p>
      {r.wait_until && <p className="text-slate-700">Would wait until {ukExact(r.wait_until)} (the test does not wait).</p>}
      {r.items && <p className="text-slate-700">ItemsPath selects {r.items.count} items; the first iteration inputs are below.</p>}
      {r.skill_call && (
        <p className="text-slate-700">
          Called <span className="font-mono">{r.skill_call.skill}</span>
          {r.skill_call.tool && <span className="font-mono"> · {r.skill_call.tool}</span>} in {r.skill_call.latency_ms} ms.
        </p>
      )}
      {r.notes.map((n) => (
        <p key={n} className="text-xs text-slate-600">
          {n}
        </p>
      ))}
      <JsonBlock title="Effective input (after InputPath and Parameters)" value={r.effective_input} />
      {r.items && <JsonBlock title="First iteration inputs" value={r.items.first_inputs} />}
      {r.type !== 'Choice' && r.type !== 'Wait' && r.type !== 'Succeed' && <JsonBlock title="Raw result" value={r.result} />}
      <JsonBlock title="Output (after ResultSelector, ResultPath and OutputPath)" value={r.output} />
      {r.failure?.catcher && <JsonBlock title={`What catcher ${r.failure.catcher.index + 1} hands on`} value={r.failure.catcher.output} />}
    </section>
  );
}

function Outcome({ r }: { r: Report }) {
  const f = r.failure;
  if (f) {
    return (
      <>
        <span className="text-red-700">
          Fails with {f.error || '(no error name)'}
          {f.cause ? `: ${f.cause}` : ''}
        </span>
        {f.retry && (
          <span className="block text-xs font-normal text-slate-700">
            Retry {f.retry.retrier + 1} would try again first, after up to {f.retry.delay_ms / 1000} s.
          </span>
        )}
        <span className="block text-xs font-normal text-slate-700">
          {f.catcher
            ? `Catcher ${f.catcher.index + 1} would take it and go to ${f.catcher.next}.`
            : 'No catcher takes it: the run fails here.'}
        </span>
      </>
    );
  }
  if (r.next) {
    const why =
      r.type === 'Choice' ? (r.matched_rule === null ? ' (Default: no rule matched)' : ` (rule ${r.matched_rule + 1} matched)`) : '';
    return (
      <>
        Next state: <span data-testid="test-state-next">{r.next}</span>
        {why}
      </>
    );
  }
  if (r.end) return <>Ends here (End: the run or its branch finishes with the output).</>;
  return <>Tested as a container: its inner states are tested one by one.</>;
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details open className="rounded border border-slate-200 bg-white">
      <summary className="cursor-pointer px-2 py-1 text-xs font-medium text-slate-700">{title}</summary>
      <pre className="max-h-48 overflow-auto px-2 pb-2 font-mono text-[11px] text-slate-800">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
