import { describe, expect, it } from 'vitest';
import pilot from '../../workflows/standard-advice-call-analysis.json';
import allCalls from '../../workflows/standard-advice-call-analysis-all-calls.json';
import pilotOutput from './fixtures/pilot-run-output.json';
import { cardForTool, countStates, parentOf, planToolCards, savedVersionHref, type RunCard, type WorkflowCard } from './cards';
import { foldThread, type ThreadEvent, type ToolItem } from './thread';
import { needsRunRead, shownSnapshot } from './run-cards';
import { runSnapshotOf } from './run-view';

let n = 0;
/** A tool call and (optionally) its return, as the chat's events carry them. */
function pair(name: string, args: unknown, ret?: unknown, argsAsText = false): ThreadEvent[] {
  const id = `call_${++n}`;
  const events: ThreadEvent[] = [
    {
      message_type: 'tool_call_message',
      id: `m${n}`,
      tool_call: { tool_call_id: id, name, arguments: argsAsText ? (args as string) : JSON.stringify(args) },
    },
  ];
  if (ret !== undefined)
    events.push({
      message_type: 'tool_return_message',
      id: `r${n}`,
      tool_call_id: id,
      name,
      status: 'success',
      tool_return: typeof ret === 'string' ? ret : JSON.stringify(ret),
    });
  return events;
}
const tool = (events: ThreadEvent[]) => foldThread(events.map((event) => ({ event })))[0] as ToolItem;

const RUN_ID = '921d6136-b820-4682-a221-8c47396caf87';
const runView = (status: string, output: unknown) => ({
  status: 'ok',
  error: null,
  run: {
    run_id: RUN_ID,
    workflow_id: pilot.workflow_id,
    workflow_name: pilot.workflow_name,
    workflow_version: '1.0.0',
    status,
    output,
    error: null,
    cause: null,
    started_at: '2024-07-08T10:00:00Z',
    finished_at: null,
  },
  meta: {},
  states: { CalculateScore: { status: status === 'SUCCEEDED' ? 'done' : 'pending', attempts: 1 } },
  entries: {},
  data: {},
  events: [],
});

describe('countStates', () => {
  it('counts nested Parallel branches and Map processors', () => {
    expect(countStates(pilot.asl.States)).toBe(7);
    expect(countStates(allCalls.asl.States)).toBe(9);
    expect(countStates(undefined)).toBe(0);
  });
});

describe('workflow cards', () => {
  it('validate_workflow: the document passed (object or JSON text) and the verdict returned', () => {
    const valid = {
      status: 'ok',
      error: null,
      valid: true,
      errors: [],
      warnings: [{ path: '/asl', code: 'w', message: 'note' }],
      workflow_id: pilot.workflow_id,
      workflow_name: pilot.workflow_name,
      version: '1.0.0',
      file: null,
    };
    for (const asText of [false, true]) {
      const card = cardForTool(
        tool(pair('validate_workflow', asText ? JSON.stringify({ workflow: JSON.stringify(pilot) }) : { workflow: pilot }, valid, asText)),
      ) as WorkflowCard;
      expect(card).toMatchObject({
        kind: 'workflow',
        workflow: {
          name: 'Standard Advice Call Analysis',
          version: '1.0.0',
          workflowId: pilot.workflow_id,
          stateCount: 7,
          startAt: 'GetApplicationIDs',
        },
        validation: { valid: true, errors: [] },
        saved: null,
      });
      expect(card.validation!.warnings).toHaveLength(1);
      expect(card.document).toEqual(pilot);
    }
  });

  it('validate_workflow still in progress shows the draft without a verdict; by path, the returned names', () => {
    expect(cardForTool(tool(pair('validate_workflow', { workflow: pilot })))).toMatchObject({ kind: 'workflow', validation: null });
    const byPath = cardForTool(
      tool(
        pair(
          'validate_workflow',
          { path: 'workflows/x.json' },
          {
            status: 'ok',
            error: null,
            valid: false,
            errors: [{ path: '/asl/StartAt', code: 'asl.unknown_target', message: 'no state X' }],
            warnings: [],
            workflow_id: 'w',
            workflow_name: 'W',
            version: '2.0.0',
            file: 'workflows/x.json',
          },
        ),
      ),
    ) as WorkflowCard;
    expect(byPath).toMatchObject({
      workflow: { workflowId: 'w', name: 'W', version: '2.0.0', stateCount: null },
      document: null,
      validation: { valid: false },
    });
    expect(cardForTool(tool(pair('validate_workflow', { path: 'x.json' })))).toBeNull();
  });

  it('save_workflow: the saved version, or why it was refused', () => {
    const saved = cardForTool(
      tool(
        pair(
          'save_workflow',
          { workflow: pilot },
          {
            status: 'ok',
            error: null,
            workflow_id: pilot.workflow_id,
            version: '1.0.0',
            relation: null,
            parent: null,
          },
        ),
      ),
    ) as WorkflowCard;
    expect(saved.saved).toEqual({ workflowId: pilot.workflow_id, version: '1.0.0' });
    expect(savedVersionHref(saved.saved!)).toBe(`/graph?workflow=${pilot.workflow_id}&version=1.0.0`);
    const refused = cardForTool(
      tool(
        pair(
          'save_workflow',
          { workflow: pilot },
          {
            status: 'error',
            error: 'that workflow version is already saved; save a new version',
            error_code: 'conflict',
          },
        ),
      ),
    ) as WorkflowCard;
    expect(refused).toMatchObject({ saved: null, saveError: 'that workflow version is already saved; save a new version' });
  });

  it('get_saved_workflow: the returned document, already saved', () => {
    const card = cardForTool(
      tool(
        pair(
          'get_saved_workflow',
          { workflow_id: pilot.workflow_id },
          {
            status: 'ok',
            error: null,
            workflow_id: pilot.workflow_id,
            version: '1.0.0',
            name: pilot.workflow_name,
            description: 'd',
            tags: [],
            skills: [],
            states: [],
            parent: null,
            created_at: '',
            document: pilot,
          },
        ),
      ),
    );
    expect(card).toMatchObject({
      kind: 'workflow',
      saved: { workflowId: pilot.workflow_id, version: '1.0.0' },
      workflow: { stateCount: 7 },
    });
    expect(
      cardForTool(
        tool(
          pair(
            'get_saved_workflow',
            { workflow_id: 'nope' },
            { status: 'error', error: 'no saved workflow nope', error_code: 'not_found' },
          ),
        ),
      ),
    ).toBeNull();
  });
});

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

describe('a save with a parent (a change to a saved workflow)', () => {
  const parent = { workflow_id: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' };
  const savedOk = {
    status: 'ok',
    error: null,
    workflow_id: allCalls.workflow_id,
    version: '1.0.0',
    relation: 'REFINEMENT_OF',
    parent: { workflow_id: pilot.workflow_id, version: '1.0.0' },
  };

  it('names the parent from the call, saved or not', () => {
    const saved = cardForTool(tool(pair('save_workflow', { workflow: allCalls, parent }, savedOk))) as WorkflowCard;
    expect(saved).toMatchObject({
      saved: { workflowId: allCalls.workflow_id, version: '1.0.0' },
      parent: { workflowId: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' },
    });
    const pending = cardForTool(tool(pair('save_workflow', { workflow: allCalls, parent }))) as WorkflowCard;
    expect(pending.parent).toEqual({ workflowId: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' });
    const refused = cardForTool(
      tool(
        pair(
          'save_workflow',
          { workflow: allCalls, parent },
          {
            status: 'error',
            error: 'the workflow is not valid (1 error(s))',
            error_code: 'invalid_input',
          },
        ),
      ),
    ) as WorkflowCard;
    expect(refused).toMatchObject({
      saved: null,
      saveError: 'the workflow is not valid (1 error(s))',
      parent: { relation: 'REFINEMENT_OF' },
    });
    expect(refused.document).toEqual(allCalls);
  });

  it('or from what the save returned; none without a known relation, and none for other tools', () => {
    const byPath = cardForTool(tool(pair('save_workflow', { path: 'workflows/x.json' }, savedOk))) as WorkflowCard;
    expect(byPath.parent).toEqual({ workflowId: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' });
    expect(parentOf({ parent: { ...parent, relation: 'COPY_OF' } }, null)).toBeNull();
    expect(parentOf({ parent: { workflow_id: pilot.workflow_id, relation: 'VERSION_OF' } }, null)).toBeNull();
    expect(parentOf({}, { relation: null, parent: null })).toBeNull();
    const plain = cardForTool(
      tool(pair('save_workflow', { workflow: pilot }, { ...savedOk, relation: null, parent: null })),
    ) as WorkflowCard;
    expect(plain.parent).toBeNull();
    const checked = cardForTool(tool(pair('validate_workflow', { workflow: allCalls, parent }))) as WorkflowCard;
    expect(checked.parent).toBeNull();
  });
});

describe('planToolCards', () => {
  /** The thread's run cards, in order, with the tool call each sits at. */
  const runCards = (events: ThreadEvent[]) => {
    const items = foldThread(events.map((event) => ({ event })));
    const at = new Map(items.flatMap((i) => (i.kind === 'tool' ? [[i.callId, i.name] as const] : [])));
    return [...planToolCards(items)].flatMap(([callId, c]) => (c.kind === 'run' ? [{ at: at.get(callId), card: c }] : []));
  };
  const started = (runId = RUN_ID) =>
    pair('start_workflow_run', { input: {} }, { status: 'ok', error: null, run_id: runId, created: true });
  const statusOf = (c: RunCard) => c.snapshot?.status ?? 'live';

  it('one card per run: a start then a wait that returned SUCCEEDED is one SUCCEEDED card, at the wait', () => {
    const cards = runCards([...started(), ...pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('SUCCEEDED', pilotOutput))]);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      at: 'wait_for_workflow_run',
      card: { runId: RUN_ID, tool: 'wait_for_workflow_run', calls: ['start_workflow_run', 'wait_for_workflow_run'] },
    });
    expect(statusOf(cards[0]!.card)).toBe('SUCCEEDED');
    expect(cards[0]!.card.qa).toMatchObject({ score: 60 });
  });

  it('a wait still waiting (or a read cut off) keeps the card live, or keeps the newest status read before it', () => {
    const waiting = runCards([...started(), ...pair('wait_for_workflow_run', { run_id: RUN_ID })]);
    expect(waiting.map((c) => [c.at, statusOf(c.card)])).toEqual([['wait_for_workflow_run', 'live']]);
    const cut = runCards([
      ...started(),
      ...pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('RUNNING', null)),
      ...pair('get_workflow_run', { run_id: RUN_ID }, runView('FAILED', null)),
      ...pair('get_workflow_run', { run_id: RUN_ID }, '{"status":"ok","run":{… [truncated: 81234 characters, limit 50000]'),
    ]);
    expect(cut.map((c) => [c.at, statusOf(c.card), c.card.calls.length])).toEqual([['get_workflow_run', 'FAILED', 4]]);
  });

  it('a later RUNNING read replaces an earlier one, and a final read replaces both: never a stale RUNNING beside the final', () => {
    const cards = runCards([
      ...started(),
      ...pair('wait_for_workflow_run', { run_id: RUN_ID, timeout_s: 1 }, runView('RUNNING', null)),
      ...pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('SUCCEEDED', pilotOutput)),
    ]);
    expect(cards.map((c) => statusOf(c.card))).toEqual(['SUCCEEDED']);
  });

  it('a redrive makes the run live again until a read returns its new end', () => {
    const failedThenRedriven = [
      ...started(),
      ...pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('FAILED', null)),
      ...pair(
        'redrive_workflow_run',
        { run_id: RUN_ID },
        {
          status: 'ok',
          error: null,
          run_id: RUN_ID,
          run_status: 'RUNNING',
          redrive_count: 1,
          redriven: [],
          resumed: [],
        },
      ),
    ];
    expect(runCards(failedThenRedriven).map((c) => [c.at, statusOf(c.card)])).toEqual([['redrive_workflow_run', 'live']]);
    const ended = runCards([
      ...failedThenRedriven,
      ...pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('SUCCEEDED', pilotOutput)),
    ]);
    expect(ended.map((c) => [c.at, statusOf(c.card)])).toEqual([['wait_for_workflow_run', 'SUCCEEDED']]);
    // A redrive the tool refused names no new state of the run: the card keeps what it knew.
    const refused = runCards([
      ...started(),
      ...pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('FAILED', null)),
      ...pair('redrive_workflow_run', { run_id: RUN_ID }, { status: 'error', error: 'nothing failed', error_code: 'conflict' }),
    ]);
    expect(refused.map((c) => [c.at, statusOf(c.card)])).toEqual([['wait_for_workflow_run', 'FAILED']]);
  });

  it('a read that failed leaves the run’s card where it was', () => {
    const cards = runCards([
      ...started(),
      ...pair('get_workflow_run', { run_id: RUN_ID }, { status: 'error', error: `no run ${RUN_ID}`, error_code: 'not_found' }),
    ]);
    expect(cards.map((c) => [c.at, statusOf(c.card)])).toEqual([['start_workflow_run', 'live']]);
  });

  it('each run has its own card, in the order of their latest calls', () => {
    const cards = runCards([
      ...started(),
      ...started('other'),
      ...pair('wait_for_workflow_run', { run_id: RUN_ID }, runView('SUCCEEDED', pilotOutput)),
    ]);
    expect(cards.map((c) => [c.card.runId, c.at, statusOf(c.card)])).toEqual([
      ['other', 'start_workflow_run', 'live'],
      [RUN_ID, 'wait_for_workflow_run', 'SUCCEEDED'],
    ]);
  });

  it('a draft validated and then saved links to the saved version', () => {
    const items = foldThread(
      [
        ...pair('validate_workflow', { workflow: pilot }, { status: 'ok', error: null, valid: true, errors: [], warnings: [] }),
        ...pair(
          'save_workflow',
          { workflow: pilot },
          {
            status: 'ok',
            error: null,
            workflow_id: pilot.workflow_id,
            version: '1.0.0',
            relation: null,
            parent: null,
          },
        ),
      ].map((event) => ({ event })),
    );
    const [draft] = [...planToolCards(items).values()] as WorkflowCard[];
    expect(draft!.saved).toEqual({ workflowId: pilot.workflow_id, version: '1.0.0' });
  });
});
