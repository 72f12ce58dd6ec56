import { describe, expect, it } from 'vitest';
import type { DelegationEventRow, DelegationTaskRow } from '../../db/schema/delegation.ts';
import { adviceViews, guidelinesRevisions } from './advice-view.ts';
import { agentLabels, userIdsIn } from './agent-names.ts';
import { taskView } from './task-view.ts';
import { maySeeSession, ownerFilterFor } from './visibility.ts';

const T0 = Date.parse('2024-07-08T09:00:00Z');
let id = 0;
const ev = (kind: string, s: number, e: Partial<DelegationEventRow> = {}): DelegationEventRow => ({
  id: ++id,
  sessionId: 's1',
  at: new Date(T0 + s * 1000),
  kind,
  actor: null,
  subject: null,
  taskId: null,
  payload: {},
  ...e,
});

const task = (t: Partial<DelegationTaskRow> = {}): DelegationTaskRow => ({
  sessionId: 's1',
  taskId: 't1',
  companionId: 'agent-c1',
  description: 'Review Alex Wong’s calls',
  skillsRequired: ['skill://whisper-transcribe@1.0.0'],
  context: { inputs: { advisor: 'Alex Wong' } },
  priority: 'normal',
  broadcast: false,
  status: 'delegated',
  progressPct: null,
  statusMessage: null,
  output: null,
  metrics: null,
  error: null,
  delegatedAt: new Date(T0),
  completedAt: null,
  ...t,
});

describe('a task as the console shows it', () => {
  it('its steps from the activity (only its own), in order, with what each said', () => {
    const events = [
      ev('task_delegated', 0, { taskId: 't1', actor: 'agent-conductor', subject: 'agent-c1' }),
      ev('task_delegated', 1, { taskId: 'other' }),
      ev('companion_status', 2, { taskId: 't1', subject: 'agent-c1', payload: { status: 'busy' } }),
      ev('task_progress', 10, { taskId: 't1', actor: 'agent-c1', payload: { message: { progress_pct: 50, status_message: 'half way' } } }),
      ev('task_result', 42, {
        taskId: 't1',
        actor: 'agent-c1',
        payload: { message: { status: 'failed', output: { summary: 'No.', error: 'TimeoutError' } } },
      }),
    ];
    const whisper = 'skill://whisper-transcribe@1.0.0';
    const failed = task({
      status: 'failed',
      completedAt: new Date(T0 + 42_000),
      error: 'TimeoutError',
      output: { summary: 'No.', error: 'TimeoutError', failed_skill: whisper },
      metrics: { duration_s: 40, tool_calls: 3, skills_used: [whisper] },
    });
    const v = taskView(failed, events);
    expect(v.steps.map((s) => [s.kind, s.progress_pct, s.message])).toEqual([
      ['delegated', null, null],
      ['progress', 50, 'half way'],
      ['failed', null, 'TimeoutError'],
    ]);
    expect(v).toMatchObject({
      status: 'failed',
      duration_s: 42,
      error: 'TimeoutError',
      failed_skill: 'skill://whisper-transcribe@1.0.0',
      summary: 'No.',
      metrics: { duration_s: 40, tool_calls: 3 },
    });
  });

  it('an open task has no duration; a broadcast one is offered, then claimed; a cancelled one says why', () => {
    expect(taskView(task(), [])).toMatchObject({ duration_s: null, completed_at: null, metrics: null, summary: null, steps: [] });
    const offered = taskView(task({ broadcast: true, companionId: null, status: 'offered' }), [
      ev('task_offered', 0, { taskId: 't1' }),
      ev('task_claimed', 3, { taskId: 't1', actor: 'agent-c2', subject: 'agent-c2' }),
    ]);
    expect(offered.steps.map((s) => [s.kind, s.actor])).toEqual([
      ['offered', null],
      ['claimed', 'agent-c2'],
    ]);
    const cancelled = taskView(task({ status: 'cancelled', completedAt: new Date(T0 + 5000) }), [
      ev('task_cancelled', 5, { taskId: 't1', payload: { reason: 'companion dismissed' } }),
    ]);
    expect(cancelled.steps).toEqual([expect.objectContaining({ kind: 'cancelled', message: 'companion dismissed' })]);
    expect(cancelled.duration_s).toBe(5);
  });
});

describe('who the ids are', () => {
  it('the Conductor, the Strategist (also after it was deleted), Companions by name with their latest specialization, dismissed ones marked', () => {
    const events = [
      ev('session_created', 0, { payload: { strategist_id: 'agent-s' } }),
      ev('companion_created', 1, { subject: 'agent-c1', payload: { name: 'companion-s1-aa', specialization: 'generalist' } }),
      ev('companion_status', 2, { subject: 'agent-c1', payload: { status: 'idle', specialization: 'call-review' } }),
      ev('companion_created', 3, { subject: 'agent-c2', payload: { name: 'companion-s1-bb', specialization: 'research' } }),
      ev('companion_dismissed', 9, { subject: 'agent-c2', payload: { name: 'companion-s1-bb' } }),
    ];
    const labels = agentLabels({ conductorId: 'agent-k', strategistId: null }, events);
    expect(labels['agent-k']).toMatchObject({ role: 'conductor', name: 'Conductor' });
    expect(labels['agent-s']).toMatchObject({ role: 'strategist', name: 'Strategist' });
    expect(labels['agent-c1']).toEqual({ role: 'companion', name: 'companion-s1-aa', specialization: 'call-review', dismissed_at: null });
    expect(labels['agent-c2']).toMatchObject({ name: 'companion-s1-bb', dismissed_at: new Date(T0 + 9000).toISOString() });
    const live = agentLabels({ conductorId: 'agent-k', strategistId: 'agent-s' }, events, [
      { companion_id: 'agent-c1', companion_name: 'companion-s1-aa', specialization: 'analysis' },
    ]);
    expect(live['agent-c1']?.specialization).toBe('analysis');
  });

  it('finds the console users named in a record', () => {
    expect(
      userIdsIn([
        'user:6F1C2D3E-0000-4000-8000-000000000001',
        'agent-x',
        null,
        'user:6f1c2d3e-0000-4000-8000-000000000001',
        'user:nope',
        'system:x',
      ]),
    ).toEqual(['6f1c2d3e-0000-4000-8000-000000000001']);
  });
});

describe("the Strategist's advice", () => {
  it('advice messages and guideline revisions from the activity', () => {
    const events = [
      ev('strategic_advice', 5, {
        actor: 'agent-s',
        payload: {
          message: {
            advice_type: 'skill_preference',
            recommendation: 'Prefer AssemblyAI.',
            evidence: { failures: 3 },
            confidence: 0.8,
            strategist_id: 'agent-s',
          },
        },
      }),
      ev('guidelines_updated', 6, {
        payload: { revision: 2, recommendation: { type: 'skill_preference', capability: 'transcription' }, companionStrategy: { keep: 2 } },
      }),
      ev('task_result', 7),
    ];
    expect(adviceViews(events)).toEqual([
      {
        event_id: events[0]!.id,
        at: new Date(T0 + 5000).toISOString(),
        strategist_id: 'agent-s',
        advice_type: 'skill_preference',
        recommendation: 'Prefer AssemblyAI.',
        confidence: 0.8,
        evidence: { failures: 3 },
      },
    ]);
    expect(guidelinesRevisions(events)).toEqual([
      expect.objectContaining({
        revision: 2,
        recommendation: { type: 'skill_preference', capability: 'transcription' },
        warning: null,
        companion_strategy: { keep: 2 },
      }),
    ]);
  });
});

describe('who sees a session', () => {
  it('admins every session; anyone else only their own (a session without an owner is nobody’s)', () => {
    const alice = { id: 'u-alice', role: 'compliance_manager' as const };
    expect(maySeeSession(alice, { ownerUserId: 'u-alice' })).toBe(true);
    expect(maySeeSession(alice, { ownerUserId: 'u-bob' })).toBe(false);
    expect(maySeeSession(alice, { ownerUserId: null })).toBe(false);
    expect(maySeeSession({ id: 'u-admin', role: 'admin' }, { ownerUserId: null })).toBe(true);
    expect(ownerFilterFor(alice)).toBe('u-alice');
    expect(ownerFilterFor({ id: 'u-admin', role: 'admin' })).toBeUndefined();
  });
});
