import { describe, expect, it } from 'vitest';
import type { BrainMessage } from '../brains/brain.ts';
import { malformedCallsAnswer, stepLimitAnswer } from './turn-summary.ts';

const RUN = '0d9a4c1e-6b2f-4e7a-9c3d-5f8e1a2b3c4d';
const call = (id: string, name: string, args: unknown): BrainMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, name, arguments: JSON.stringify(args) }],
});
const ret = (id: string, name: string, result: unknown, status: 'success' | 'error' = 'success'): BrainMessage => ({
  role: 'tool',
  tool_call_id: id,
  name,
  content: JSON.stringify(result),
  status,
});

/** An earlier turn (not this one's work), then this turn: the request and three tool calls. */
const history: BrainMessage[] = [
  { role: 'user', content: 'Which skills transcribe?' },
  call('c0', 'get_skillset', {}),
  ret('c0', 'get_skillset', { status: 'ok', error: null, skills: [] }),
  { role: 'assistant', content: 'Two.' },
  { role: 'user', content: "Review Alex Wong's calls from last week" },
  call('c1', 'count_calls', { advisor_names: ['Alex Wong'], start_date: '2024-07-01', end_date: '2024-07-07' }),
  ret('c1', 'count_calls', { status: 'ok', error: null, calls: 4 }),
  call('c2', 'start_workflow_run', { workflow_id: 'w', input: {} }),
  ret('c2', 'start_workflow_run', { status: 'ok', error: null, run_id: RUN, created: true }),
  call('c3', 'get_workflow_run', { run_id: RUN }),
  ret('c3', 'get_workflow_run', { status: 'error', error: 'Redis is not reachable', error_code: 'unavailable' }, 'error'),
];

describe('the answers the loop writes itself', () => {
  it('at the step limit: what this turn did (with its ids and failures), what is left, and "continue"', () => {
    const text = stepLimitAnswer(history, 24);
    expect(text).toBe(
      [
        'I have stopped: I reached the limit of 24 steps I may take in one turn before I could finish.',
        `So far in this turn I:\n- called count_calls\n- called start_workflow_run (run ${RUN})\n` +
          '- called get_workflow_run, which failed: Redis is not reachable',
        'What is left: the rest of your request — I have not finished it or given you my answer yet.',
        'Say "continue" and I will go on from here.',
      ].join('\n\n'),
    );
    expect(text).not.toContain('get_skillset');
  });

  it('names a read run with its status, a workflow with its version and a verdict, and counts what it does not name', () => {
    const many: BrainMessage[] = [{ role: 'user', content: 'go' }];
    for (let i = 0; i < 14; i++) {
      many.push(
        call(`v${i}`, 'validate_workflow', {}),
        ret(`v${i}`, 'validate_workflow', { status: 'ok', error: null, valid: i % 2 === 0 }),
      );
    }
    many.push(
      call('s', 'save_workflow', {}),
      ret('s', 'save_workflow', { status: 'ok', error: null, workflow_id: 'wf-1', version: '1.0.1' }),
    );
    const running = { status: 'ok', error: null, run: { run_id: RUN, status: 'RUNNING' } };
    many.push(call('r', 'wait_for_workflow_run', {}), ret('r', 'wait_for_workflow_run', running));
    const text = stepLimitAnswer(many, 16);
    expect(text).toContain('So far in this turn I made 16 tool calls; the last 12:');
    expect(text.match(/^- called validate_workflow \((valid|not valid)\)$/gm)).toHaveLength(10);
    expect(text).toContain('- called save_workflow (workflow wf-1 v1.0.1)');
    expect(text).toContain(`- called wait_for_workflow_run (run ${RUN} is RUNNING)`);
    expect(stepLimitAnswer([{ role: 'user', content: 'go' }], 1)).toContain('I had not called any tool yet in this turn.');
  });

  it('after malformed calls: says so with the last problem, and lists only what was completed', () => {
    const text = malformedCallsAnswer(history, 3, 'count_calls: start_date: must be a date YYYY-MM-DD');
    expect(text).toBe(
      [
        'I have stopped: my last 3 attempts to call a tool were malformed, so I could not carry on safely.',
        'The last problem: count_calls: start_date: must be a date YYYY-MM-DD',
        `So far in this turn I:\n- called count_calls\n- called start_workflow_run (run ${RUN})`,
        'Say "continue" to let me try again, or put your request another way.',
      ].join('\n\n'),
    );
    const long = malformedCallsAnswer([{ role: 'user', content: 'hi' }], 3, 'x'.repeat(400));
    expect(long).toMatch(/The last problem: x{299}…\n\nNothing was done in this turn\./);
  });
});
