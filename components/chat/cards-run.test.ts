import { describe, expect, it } from 'vitest';
import pilot from '../../workflows/standard-advice-call-analysis.json';
import pilotOutput from './fixtures/pilot-run-output.json';
import { cardForTool, type RunCard } from './cards';
import { needsRunRead, shownSnapshot } from './run-cards';
import { runSnapshotOf } from './run-view';
import { pair, RUN_ID, runView, tool } from './testing/card-test-events';

/**
 * The chat's cards for tool calls (cards.ts, run-cards.ts): run cards — which tools get one, followed live by run id — and what
 * a run card shows.
 */
describe('run cards', () => {
  it('start_workflow_run and create_workflow_control_plane: the run id returned, followed live', () => {
    expect(
      cardForTool(
        tool(
          pair(
            'start_workflow_run',
            { workflow_id: pilot.workflow_id, input: {} },
            { status: 'ok', error: null, run_id: RUN_ID, created: true },
          ),
        ),
      ),
    ).toEqual({
      kind: 'run',
      tool: 'start_workflow_run',
      runId: RUN_ID,
      snapshot: null,
      qa: null,
      calls: ['start_workflow_run'],
    });
    expect(
      cardForTool(
        tool(
          pair(
            'create_workflow_control_plane',
            { workflow: pilot, input: {} },
            { status: 'ok', error: null, run_id: RUN_ID, created: true, meta: {}, queued: [] },
          ),
        ),
      ),
    ).toMatchObject({ kind: 'run', runId: RUN_ID });
    expect(
      cardForTool(tool(pair('start_workflow_run', { input: {} }, { status: 'error', error: 'bad input', error_code: 'invalid_input' }))),
    ).toBeNull();
    expect(cardForTool(tool(pair('start_workflow_run', { input: {} })))).toBeNull();
  });

  it('wait_for_workflow_run: while it waits, the run from its arguments; once returned, the snapshot and its QA result', () => {
    expect(cardForTool(tool(pair('wait_for_workflow_run', { run_id: RUN_ID, timeout_s: 60 })))).toMatchObject({
      kind: 'run',
      runId: RUN_ID,
      snapshot: null,
    });
    const done = cardForTool(tool(pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('SUCCEEDED', pilotOutput)))) as RunCard;
    expect(done.snapshot?.status).toBe('SUCCEEDED');
    expect(done.qa).toMatchObject({ score: 60, maxScore: 100 });
  });

  it('get_workflow_run cut off by the return limit: followed live by its run id', () => {
    expect(
      cardForTool(tool(pair('get_workflow_run', { run_id: RUN_ID }, '{"status":"ok","run":{… [truncated: 81234 characters, limit 50000]'))),
    ).toMatchObject({ kind: 'run', runId: RUN_ID, snapshot: null });
    expect(
      cardForTool(
        tool(pair('get_workflow_run', { run_id: RUN_ID }, { status: 'error', error: `no run ${RUN_ID}`, error_code: 'not_found' })),
      ),
    ).toBeNull();
  });

  it('other tools get no card', () => {
    expect(cardForTool(tool(pair('get_skillset', {}, { status: 'ok', error: null, skills: [] })))).toBeNull();
  });
});

describe('what a run card shows', () => {
  const snap = (status: string, output: unknown) => runSnapshotOf(runView(status, output))!;

  it('reads the run itself until it holds a final snapshot with its output', () => {
    expect(needsRunRead(null)).toBe(true);
    expect(needsRunRead(snap('RUNNING', null))).toBe(true);
    expect(needsRunRead(snap('SUCCEEDED', pilotOutput))).toBe(false);
    expect(needsRunRead(snap('FAILED', null))).toBe(false);
    // wait_for_workflow_run with include_output: false says SUCCEEDED but carries no QA result.
    expect(needsRunRead(snap('SUCCEEDED', null))).toBe(true);
  });

  it('never shows an older RUNNING read over a final status the thread knows', () => {
    const running = snap('RUNNING', null);
    const done = snap('SUCCEEDED', pilotOutput);
    const doneWithoutOutput = snap('SUCCEEDED', null);
    expect(shownSnapshot(null, running)).toBe(running);
    expect(shownSnapshot(running, null)).toBe(running);
    expect(shownSnapshot(running, done)).toBe(done);
    expect(shownSnapshot(done, running)).toBe(done);
    expect(shownSnapshot(doneWithoutOutput, running)).toBe(doneWithoutOutput);
    expect(shownSnapshot(doneWithoutOutput, done)).toBe(done);
  });
});
