import { describe, expect, it } from 'vitest';
import { activityLine } from './activity-line';
import { actorName, companionStatus, eventKind, isProblemEvent, sessionTitle, taskCountsText, taskStatus } from './labels';

const names = {
  agents: { 'agent-c': { name: 'Conductor', role: 'conductor' }, 'agent-1': { name: 'companion-ab-12', role: 'companion' } },
  people: { '6f1c2d3e-0000-4000-8000-000000000001': { name: 'Casey Compliance' } },
};

describe('names and labels', () => {
  it('names actors: agents of the session, console users, the system, else the id', () => {
    expect(actorName('agent-c', names)).toBe('Conductor');
    expect(actorName('agent-1', names)).toBe('companion-ab-12');
    expect(actorName('user:6f1c2d3e-0000-4000-8000-000000000001', names)).toBe('Casey Compliance');
    expect(actorName('user:00000000-0000-4000-8000-00000000dead', names)).toBe('a console user');
    expect(actorName('system:sweeper', names)).toBe('the system (sweeper)');
    expect(actorName('agent-unknown', names)).toBe('agent-unknown');
    expect(actorName(null, names)).toBe('the host');
  });

  it('says statuses in words with a tone', () => {
    expect(taskStatus('delegated')).toMatchObject({ label: 'Running', tone: 'info' });
    expect(taskStatus('failed')).toMatchObject({ label: 'Failed', tone: 'bad' });
    expect(taskStatus('offered').label).toBe('Waiting for a Companion');
    expect(taskStatus('weird')).toMatchObject({ label: 'weird', tone: 'neutral' });
    expect(companionStatus('busy')).toMatchObject({ label: 'Busy', tone: 'info' });
    expect(eventKind('task_result')).toBe('Result');
    expect(eventKind('brand_new_kind')).toBe('brand new kind');
  });

  it('sums up a session: its title and task counts', () => {
    expect(sessionTitle({ id: '0ea2b4a7-abec-46ac', conversation: { title: 'Review Alex Wong' } })).toBe('Review Alex Wong');
    expect(sessionTitle({ id: '0ea2b4a7-abec-46ac', conversation: null })).toBe('Session 0ea2b4a7');
    expect(taskCountsText({ open: 2, succeeded: 5, failed: 1, cancelled: 0 })).toBe('2 running · 5 succeeded · 1 failed');
    expect(taskCountsText({ open: 0, succeeded: 0, failed: 0, cancelled: 0 })).toBe('no tasks yet');
  });

  it('marks failed results and rejected messages as problems', () => {
    expect(isProblemEvent('task_result', { status: 'failed' })).toBe(true);
    expect(isProblemEvent('task_result', { status: 'succeeded' })).toBe(false);
    expect(isProblemEvent('message_rejected', {})).toBe(true);
  });
});

describe('activity lines', () => {
  it('one line of detail per kind of event', () => {
    expect(activityLine('task_delegated', { description: 'Review Alex Wong’s calls' })).toBe('Review Alex Wong’s calls');
    expect(activityLine('task_progress', { progress_pct: 66.6, status_message: '2 of 3 steps done' })).toBe('67% — 2 of 3 steps done');
    expect(activityLine('task_result', { status: 'failed', error: 'TimeoutError', summary: 'x' })).toBe('failed: TimeoutError');
    expect(activityLine('task_result', { status: 'succeeded', summary: 'Four calls reviewed.' })).toBe('succeeded: Four calls reviewed.');
    expect(activityLine('companion_created', { name: 'companion-1', specialization: 'call-review' })).toBe('companion-1 (call-review)');
    expect(activityLine('companion_dismissed', { name: 'companion-1', reason: 'session finalized' })).toBe(
      'companion-1 — session finalized',
    );
    expect(activityLine('strategic_advice', { message: { recommendation: 'Prefer AssemblyAI.' } })).toBe('Prefer AssemblyAI.');
    expect(activityLine('message_rejected', { reason: 'invalid task_result message (schemas/messages): /metrics: required' })).toMatch(
      /^invalid task_result/,
    );
    expect(activityLine('session_finalized', { companions_dismissed: 1, archive_path: '/d/sessions/s' })).toBe(
      '1 Companion dismissed; archived to /d/sessions/s',
    );
    expect(activityLine('session_context_updated', { fields: ['user_goals'] })).toBe('changed user_goals');
    expect(activityLine('session_created', { strategist_id: 'a' })).toBeNull();
  });
});
