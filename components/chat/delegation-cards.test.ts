import { describe, expect, it } from 'vitest';
import { planDelegationCards, type DelegationCard, type SessionFacts, type TaskFacts } from './delegation-cards';
import { preambleSender, protocolMessageIn } from './protocol-message';
import { foldThread, type ThreadEvent } from './thread';
import { pair } from './testing/card-test-events';

let n = 0;

const COMPANION = 'agent-c1';
const CONDUCTOR = 'agent-conductor';
/** A message from another agent, the local runtime's way (a user message with its sender and the preamble). */
const fromAgent = (sender: string, message: unknown): ThreadEvent => ({
  message_type: 'user_message',
  id: `u${++n}`,
  content:
    `[Incoming message from agent with ID '${sender}' - to reply to this message, make sure to use the ` +
    `'send_message_to_agent_async' tool, or the agent will not receive your message] ${JSON.stringify(message)}`,
  sender_agent_id: sender,
});
/** Letta's way: a system message with the sender and Letta's preamble. */
const fromAgentLetta = (sender: string, message: unknown): ThreadEvent => ({
  message_type: 'system_message',
  id: `s${++n}`,
  content:
    `[Incoming message from agent with ID '${sender}' - this is a one-way notification; if you need to respond, ` +
    `use an agent-to-agent messaging tool if available] ${JSON.stringify(message)}`,
  sender_agent_id: sender,
});

const delegate = (taskId: string, ret?: unknown) =>
  pair(
    'delegate_task',
    {
      companion_id: COMPANION,
      task_id: taskId,
      description: `Review ${taskId}`,
      skills_required_json: JSON.stringify(['skill://whisper-transcribe@1.0.0', 'skill://scoring@1.1.0']),
    },
    ret,
  );
const delegated = (taskId: string) => ({
  status: 'ok',
  error: null,
  task_id: taskId,
  companion_id: COMPANION,
  message_sent: true,
  delegation_payload: { type: 'task_delegation', task_id: taskId, delegated_at: '2024-07-08T09:00:00.000Z' },
});
const progress = (taskId: string, pct: number, message: string) => ({
  type: 'task_progress',
  task_id: taskId,
  progress_pct: pct,
  status_message: message,
  companion_id: COMPANION,
  updated_at: '2024-07-08T09:00:10Z',
});
const result = (taskId: string, status: 'succeeded' | 'failed', extra: Record<string, unknown> = {}) => ({
  type: 'task_result',
  task_id: taskId,
  status,
  output: { summary: status === 'succeeded' ? 'Four calls reviewed.' : 'Transcription failed.', ...extra },
  metrics: { duration_s: 42, tool_calls: 7, skills_used: ['skill://whisper-transcribe@1.0.0'] },
  companion_id: COMPANION,
  completed_at: '2024-07-08T09:00:42Z',
});

const plan = (events: ThreadEvent[], facts?: SessionFacts) => planDelegationCards(foldThread(events.map((event) => ({ event }))), facts);
const cards = (events: ThreadEvent[], facts?: SessionFacts) => [...plan(events, facts).tools.values()];
const only = (events: ThreadEvent[], facts?: SessionFacts) => cards(events, facts)[0] as DelegationCard;

describe('protocol messages in the history', () => {
  it('reads the JSON after either platform’s preamble, with the sender', () => {
    const m = protocolMessageIn(
      `[Incoming message from agent with ID 'agent-x' - your reply will be returned to it] ${JSON.stringify(progress('t', 5, 'x'))}`,
    );
    expect(m).toMatchObject({ kind: 'task_progress', sender: 'agent-x', message: { task_id: 't', progress_pct: 5 } });
    expect(protocolMessageIn(JSON.stringify(result('t', 'succeeded')), 'agent-y')).toMatchObject({
      kind: 'task_result',
      sender: 'agent-y',
    });
    expect(preambleSender("[Incoming message from agent with ID 'agent-z' - …] hi")).toBe('agent-z');
  });

  it('ignores plain words, other JSON and broken JSON', () => {
    expect(protocolMessageIn('Please review the calls.')).toBeNull();
    expect(protocolMessageIn('{"type":"session_observation","task_id":"t"}')).toBeNull();
    expect(protocolMessageIn('[Incoming message from agent with ID \'a\' - x] {"type":"task_result",')).toBeNull();
  });
});

describe('delegation cards', () => {
  it('sending while delegate_task runs; refused with its error; delegated with the task, skills and time', () => {
    expect(only(delegate('t1'))).toMatchObject({
      kind: 'delegation',
      taskId: 't1',
      status: 'sending',
      companionId: COMPANION,
      skills: ['skill://whisper-transcribe@1.0.0', 'skill://scoring@1.1.0'],
    });
    expect(
      only(delegate('t1', { status: 'error', error: 'Companion agent-c1 is busy with task t0', error_code: 'conflict' })),
    ).toMatchObject({ status: 'refused', refusal: 'Companion agent-c1 is busy with task t0' });
    expect(only(delegate('t1', delegated('t1')))).toMatchObject({
      status: 'delegated',
      delegatedAt: '2024-07-08T09:00:00.000Z',
      description: 'Review t1',
      progress: null,
      retryOf: null,
    });
    const retry = pair(
      'delegate_task',
      {
        companion_id: COMPANION,
        task_id: 't1-r1',
        description: 'Again',
        skills_required_json: '[]',
        context_json: JSON.stringify({ retry_of: 't1' }),
      },
      delegated('t1-r1'),
    );
    expect(only(retry)).toMatchObject({ taskId: 't1-r1', retryOf: 't1', skills: [] });
  });

  it('moves on with the Companion’s progress and result messages, on either platform', () => {
    const running = only([
      ...delegate('t1', delegated('t1')),
      fromAgent(COMPANION, progress('t1', 33, '1 of 3 steps done')),
      fromAgentLetta(COMPANION, progress('t1', 67, '2 of 3 steps done')),
    ]);
    expect(running).toMatchObject({ status: 'delegated', progress: { pct: 67, message: '2 of 3 steps done' } });
    const done = only([
      ...delegate('t1', delegated('t1')),
      fromAgent(COMPANION, progress('t1', 67, 'x')),
      fromAgent(COMPANION, result('t1', 'succeeded')),
    ]);
    expect(done).toMatchObject({
      status: 'succeeded',
      durationS: 42,
      toolCalls: 7,
      summary: 'Four calls reviewed.',
      error: null,
      completedAt: '2024-07-08T09:00:42Z',
    });
    const failed = only([
      ...delegate('t2', delegated('t2')),
      fromAgent(COMPANION, result('t2', 'failed', { error: 'TimeoutError after 120 s', failed_skill: 'skill://whisper-transcribe@1.0.0' })),
    ]);
    expect(failed).toMatchObject({ status: 'failed', error: 'TimeoutError after 120 s', failedSkill: 'skill://whisper-transcribe@1.0.0' });
    const other = only([...delegate('t1', delegated('t1')), fromAgent(COMPANION, result('another-task', 'succeeded'))]);
    expect(other.status).toBe('delegated');
  });

  it("the session's record has the last word: a task cancelled from the Companions page; the Companion's name and the measured duration", () => {
    const facts = (t: Partial<TaskFacts>): SessionFacts => ({
      sessionId: 's1',
      agents: { [COMPANION]: { name: 'companion-s1-c1', role: 'companion', specialization: 'call-review' } },
      tasks: [
        {
          session_id: 's1',
          task_id: 't1',
          status: 'delegated',
          companion_id: COMPANION,
          progress_pct: null,
          status_message: null,
          delegated_at: '2024-07-08T09:00:00.000Z',
          completed_at: null,
          duration_s: null,
          summary: null,
          error: null,
          failed_skill: null,
          metrics: null,
          ...t,
        },
      ],
    });
    const cancelled = only(
      delegate('t1', delegated('t1')),
      facts({ status: 'cancelled', error: 'Companion agent-c1 was dismissed', completed_at: '2024-07-08T09:01:00Z', duration_s: 60 }),
    );
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      error: 'Companion agent-c1 was dismissed',
      durationS: 60,
      companionName: 'companion-s1-c1',
      specialization: 'call-review',
      sessionId: 's1',
    });
    const measured = only(
      [...delegate('t1', delegated('t1')), fromAgent(COMPANION, result('t1', 'succeeded'))],
      facts({ status: 'succeeded', completed_at: '2024-07-08T09:00:45Z', duration_s: 45, summary: 'Four calls reviewed.' }),
    );
    expect(measured).toMatchObject({ status: 'succeeded', durationS: 45 });
    const progressed = only(delegate('t1', delegated('t1')), facts({ progress_pct: 50, status_message: 'half way' }));
    expect(progressed).toMatchObject({ status: 'delegated', progress: { pct: 50, message: 'half way' } });
    // The turn ended before delegate_task returned, but the task was recorded: the record tells.
    expect(only(delegate('t1'), facts({ status: 'succeeded', completed_at: '2024-07-08T09:00:45Z', duration_s: 45 }))).toMatchObject({
      status: 'succeeded',
    });
  });

  it('broadcast_task: offered to the pool, then whoever claims it; offered to nobody ends there', () => {
    const offer = (ret: unknown) =>
      pair('broadcast_task', { session_id: 's1', task_id: 'b1', description: 'Anyone free?', skills_required_json: '[]' }, ret);
    expect(
      only(offer({ status: 'ok', error: null, task_id: 'b1', companions_notified: ['a', 'b'], companions_skipped: [] })),
    ).toMatchObject({ tool: 'broadcast_task', status: 'offered', offeredTo: 2, companionId: null });
    expect(
      only([
        ...offer({ status: 'ok', error: null, task_id: 'b1', companions_notified: ['a'], companions_skipped: [] }),
        fromAgent(COMPANION, progress('b1', 10, 'started')),
      ]),
    ).toMatchObject({ status: 'delegated', companionId: COMPANION });
    expect(only(offer({ status: 'ok', error: null, task_id: 'b1', companions_notified: [], companions_skipped: ['a'] }))).toMatchObject({
      status: 'no_result',
      offeredTo: 0,
    });
  });

  it('Companion, dismissal and finalize cards; names learnt from create_companion', () => {
    const events = [
      ...pair(
        'create_companion',
        {
          session_id: 's1',
          conductor_id: CONDUCTOR,
          specialization: 'call-review',
          shared_block_ids_json: '[]',
          initial_skills_json: '["skill://scoring@1.1.0"]',
        },
        { status: 'ok', error: null, companion_id: COMPANION, companion_name: 'companion-s1-c1', tags: [], shared_blocks_attached: [] },
      ),
      ...delegate('t1', delegated('t1')),
      ...pair(
        'dismiss_companion',
        { companion_id: COMPANION },
        { status: 'ok', error: null, companion_id: COMPANION, skills_unloaded: ['skill://scoring@1.1.0'], blocks_detached: [] },
      ),
      ...pair(
        'finalize_session',
        { session_id: 's1', conductor_id: CONDUCTOR },
        { status: 'ok', error: null, session_id: 's1', companions_dismissed: 0, blocks_cleaned: 3, archive_path: '/data/sessions/s1' },
      ),
      ...pair(
        'create_companion',
        { session_id: 's1', conductor_id: CONDUCTOR, shared_block_ids_json: '[]' },
        { status: 'error', error: "the session's Companion pool is full (4 of 4)", error_code: 'conflict' },
      ),
    ];
    const [made, task, dismissed, finalized, full] = cards(events);
    expect(made).toEqual({
      kind: 'companion',
      companionId: COMPANION,
      name: 'companion-s1-c1',
      specialization: 'call-review',
      skills: ['skill://scoring@1.1.0'],
      error: null,
      pending: false,
    });
    expect(task).toMatchObject({ kind: 'delegation', companionName: 'companion-s1-c1' });
    expect(dismissed).toEqual({
      kind: 'dismiss',
      companionId: COMPANION,
      name: 'companion-s1-c1',
      skillsUnloaded: ['skill://scoring@1.1.0'],
      error: null,
      pending: false,
    });
    expect(finalized).toEqual({ kind: 'finalize', companionsDismissed: 0, archivePath: '/data/sessions/s1', error: null, pending: false });
    expect(full).toMatchObject({
      kind: 'companion',
      error: "the session's Companion pool is full (4 of 4)",
      companionId: null,
      specialization: 'generalist',
    });
  });

  it('recognises the protocol messages of the thread by item id; other tools get no card', () => {
    const advice = {
      type: 'strategic_advice',
      advice_type: 'skill_preference',
      recommendation: 'Prefer AssemblyAI.',
      evidence: { whisper_failures: 3 },
      confidence: 0.8,
      strategist_id: 'agent-s',
      advised_at: '2024-07-08T09:05:00Z',
    };
    const p = plan([
      fromAgent('agent-s', advice),
      { message_type: 'user_message', id: 'plain', content: 'Review Alex Wong’s calls' },
      ...pair('get_skillset', {}, { status: 'ok', error: null, skills: [] }),
    ]);
    expect([...p.messages.values()]).toEqual([expect.objectContaining({ kind: 'strategic_advice', sender: 'agent-s' })]);
    expect(p.tools.size).toBe(0);
  });
});
