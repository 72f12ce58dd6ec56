import { isRecord } from '../../../lib/is-record.ts';
import { currentTurn, turnToolResults, type BrainMessage, type TurnToolResult } from '../brains/brain.ts';

/**
 * The answers the loop writes itself when a turn cannot end with the brain's own answer: at the step
 * limit or at its plan's budget (enforce mode) when the brain cannot conclude (no `conclude`, or
 * the model endpoint failed), and after repeated malformed tool calls. Written only from the
 * turn's tool calls and returns, so they claim nothing that did not happen; plain words, in the
 * agent's voice.
 */
type TurnCall = TurnToolResult;

/** How many calls are named one by one; earlier ones are counted. */
const NAMED_CALLS = 12;

export function stepLimitAnswer(history: BrainMessage[], steps: number): string {
  return [
    `I have stopped: I reached the limit of ${plural(steps, 'step')} I may take in one turn before I could finish.`,
    doneSoFar(turnToolResults(currentTurn(history).steps)),
    'What is left: the rest of your request — I have not finished it or given you my answer yet.',
    'Say "continue" and I will go on from here.',
  ].join('\n\n');
}

/**
 * The answer when enforce mode refused a call over the turn's plan budget (issue 17) and the brain
 * cannot conclude: the budget ran out (the refusal says which and by how much), what was done.
 */
export function budgetAnswer(history: BrainMessage[], refusal: string): string {
  const calls = turnToolResults(currentTurn(history).steps).filter((c) => c.result?.error_code !== 'budget_exceeded');
  return [
    'I have stopped: the budget of my tool-call plan for this turn ran out before I could finish.',
    `The limit: ${clip(refusal, 300)}`,
    doneSoFar(calls),
    'What is left: the rest of your request — I have not finished it or given you my answer yet.',
    'Say "continue" and I will go on from here with a new plan.',
  ].join('\n\n');
}

export function malformedCallsAnswer(history: BrainMessage[], attempts: number, lastProblem: string): string {
  const calls = turnToolResults(currentTurn(history).steps);
  const done = calls.filter((c) => c.status === 'success' && c.result?.status !== 'error');
  return [
    `I have stopped: my last ${attempts} attempts to call a tool were malformed, so I could not carry on safely.`,
    `The last problem: ${clip(lastProblem, 300)}`,
    done.length ? doneSoFar(done) : 'Nothing was done in this turn.',
    'Say "continue" to let me try again, or put your request another way.',
  ].join('\n\n');
}

function doneSoFar(calls: TurnCall[]): string {
  if (!calls.length) return 'I had not called any tool yet in this turn.';
  const named = calls.slice(-NAMED_CALLS).map(outcome);
  const earlier = calls.length - named.length;
  const lead = earlier ? `So far in this turn I made ${calls.length} tool calls; the last ${named.length}:` : 'So far in this turn I:';
  return [lead, ...named.map((line) => `- ${line}`)].join('\n');
}

/** One call in a line: the tool and what it returned that the user can act on (ids, a verdict, a status). */
function outcome(c: TurnCall): string {
  if (c.status === 'error' || c.result?.status === 'error') return `called ${c.name}, which failed: ${errorOf(c)}`;
  const r = c.result ?? {};
  const run = isRecord(r.run) ? r.run : null;
  const version = typeof r.version === 'string' ? ` v${r.version}` : '';
  const facts = [
    typeof r.run_id === 'string' ? `run ${r.run_id}` : null,
    run && typeof run.run_id === 'string' ? `run ${run.run_id} is ${String(run.status ?? 'unknown')}` : null,
    typeof r.workflow_id === 'string' ? `workflow ${r.workflow_id}${version}` : null,
    typeof r.valid === 'boolean' ? (r.valid ? 'valid' : 'not valid') : null,
  ].filter(Boolean);
  return facts.length ? `called ${c.name} (${facts.join(', ')})` : `called ${c.name}`;
}

function errorOf(c: TurnCall): string {
  return clip(typeof c.result?.error === 'string' ? c.result.error : 'it returned an error', 200);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
