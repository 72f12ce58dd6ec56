import { randomUUID } from 'node:crypto';
import { isRecord } from '../../../../lib/is-record.ts';
import { currentTurn, turnToolResults, type Brain, type BrainDecision, type BrainInput } from '../brain.ts';

/**
 * The deterministic brain of the `generic-worker` role (agents/templates/generic-worker.af,
 * created by `spawn_agent`): what a worker without a language model can honestly do with the
 * collaboration messages it receives (server/collaboration/messaging.ts).
 *
 *   subtask_delegation whose contextual_data names a skill tool call
 *     {"skill_tool_call": {"skill": "skill://…@x.y.z", "tool"?: "…", "arguments"?: {…}}}
 *       → load_skill → invoke_skill_tool → merge_results (the result, attributed to this agent)
 *         → a message with the outcome; a failed call is reported with share_plan_update as a
 *           blocker, never retried blindly
 *   subtask_delegation in words only, assistance_request
 *       → share_plan_update to the sender: it cannot do free-text work offline and says what it
 *         can take instead (it asks, it never guesses at the work)
 *   session_invite, plan_update, initial_task, anything else
 *       → a short acknowledgement, no tool calls
 */
export const genericWorkerBrain: Brain = {
  name: 'deterministic:generic-worker',
  async decide(input: BrainInput): Promise<BrainDecision> {
    return decide(input);
  },
};

interface SkillCall {
  skill: string;
  tool?: string;
  arguments: Record<string, unknown>;
}
type Collab = Record<string, unknown> & { kind: string; from: string };

const OFFLINE =
  'I run without a language model, so I can only carry out a subtask that names a skill tool call: ' +
  'contextual_data {"skill_tool_call": {"skill": "skill://name@version", "tool": "…", "arguments": {…}}}.';

function decide(input: BrainInput): BrainDecision {
  const { inbound, steps } = currentTurn(input.history);
  const message = inbound ? collaborationMessageIn(inbound.content) : null;
  if (!message) return say(`${OFFLINE} Send it with delegate_subtask.`);
  const self = input.agent.id;
  if (message.kind === 'subtask_delegation') return subtask(self, message, turnToolResults(steps));
  if (message.kind === 'assistance_request') {
    const done = turnToolResults(steps).find((r) => r.name === 'share_plan_update');
    if (done) return say(`I answered ${message.from}'s request for assistance: ${OFFLINE}`);
    return call(
      'share_plan_update',
      {
        sender_id: self,
        recipient_id: message.from,
        plan_summary: `I cannot take “${String(message.task_description ?? 'this task')}” as worded. ${OFFLINE}`,
        blockers: ['no language model: free-text work needs a skill tool call'],
        confidence_level: 0,
      },
      'An assistance request in words only: say what I can take instead of guessing.',
    );
  }
  return say(`Noted (${message.kind.replace(/_/g, ' ')} from ${message.from}).`);
}

function subtask(self: string, m: Collab, done: ReturnType<typeof turnToolResults>): BrainDecision {
  const subtaskId = String(m.subtask_id ?? '');
  const skillCall = skillCallIn(m.contextual_data);
  const result = (name: string) => done.find((r) => r.name === name);
  const failed = done.find((r) => r.status === 'error' || r.result?.status === 'error');
  const blocked = result('share_plan_update');
  if (blocked) return say(`Subtask ${subtaskId}: I told ${m.from} what blocks it.`);
  if (!skillCall || failed) {
    const why = failed ? `${failed.name} failed: ${String(failed.result?.error ?? 'no answer')}` : OFFLINE;
    return call(
      'share_plan_update',
      {
        sender_id: self,
        recipient_id: m.from,
        related_task_id: subtaskId,
        plan_summary: `Subtask ${subtaskId} is blocked. ${why}`,
        blockers: [failed ? why : 'no language model: the subtask names no skill tool call'],
        confidence_level: 0,
      },
      failed ? 'The skill call failed: report it as a blocker.' : 'The subtask is in words only: ask for a skill tool call.',
    );
  }
  if (!result('load_skill')) {
    return call('load_skill', { agent_id: self, skill: skillCall.skill }, `Subtask ${subtaskId}: load ${skillCall.skill}.`);
  }
  const invoked = result('invoke_skill_tool');
  if (!invoked) {
    return call(
      'invoke_skill_tool',
      {
        agent_id: self,
        skill: skillCall.skill,
        ...(skillCall.tool ? { tool: skillCall.tool } : {}),
        args: skillCall.arguments,
      },
      `Subtask ${subtaskId}: call the skill tool it names.`,
    );
  }
  if (!result('merge_results')) {
    const { status: _s, error: _e, ...output } = invoked.result ?? {};
    return call(
      'merge_results',
      {
        results: [{ subtask_id: subtaskId, model_id: self, content: JSON.stringify(output) }],
      },
      `Subtask ${subtaskId} is done: report the result, attributed to me.`,
    );
  }
  return say(`Subtask ${subtaskId} is done: I reported ${skillCall.skill}'s result with merge_results.`);
}

/** The collaboration message in a text (after the platform's "[Incoming message …]" preamble, if any). */
export function collaborationMessageIn(text: string): Collab | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  try {
    const doc: unknown = JSON.parse(text.slice(start));
    const m = isRecord(doc) ? doc.collaboration_message : null;
    return isRecord(m) && typeof m.kind === 'string' && typeof m.from === 'string' ? (m as Collab) : null;
  } catch {
    return null;
  }
}

function skillCallIn(data: unknown): SkillCall | null {
  const c = isRecord(data) ? data.skill_tool_call : null;
  if (!isRecord(c) || typeof c.skill !== 'string' || !c.skill.startsWith('skill://')) return null;
  return {
    skill: c.skill,
    ...(typeof c.tool === 'string' ? { tool: c.tool } : {}),
    arguments: isRecord(c.arguments) ? c.arguments : {},
  };
}

const say = (content: string): BrainDecision => ({ kind: 'message', content });

function call(name: string, args: Record<string, unknown>, reasoning: string): BrainDecision {
  return { kind: 'tool_calls', reasoning, tool_calls: [{ id: `call_${randomUUID()}`, name, arguments: JSON.stringify(args) }] };
}
