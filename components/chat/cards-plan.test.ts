import { describe, expect, it } from 'vitest';
import pilot from '../../workflows/standard-advice-call-analysis.json';
import pilotOutput from './fixtures/pilot-run-output.json';
import { planToolCards, type RunCard, type WorkflowCard } from './cards';
import { foldThread, type ThreadEvent } from './thread';
import { pair, RUN_ID, runView } from './testing/card-test-events';

/**
 * The chat's cards for tool calls (cards.ts, run-cards.ts): planToolCards — one card per run, the newest status read, redrives,
 * failed reads, and a validated draft linked to its saved version.
 */
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
