import { normalizeCapability } from './capability-words.ts';
import { allKnownAgents, requireAgents } from './agents.ts';
import type { Collab } from './context.ts';
import { assertActsAs, CollaborationError } from './errors.ts';
import { sendCollaborationMessage, sessionOf } from './messaging.ts';

export interface AssistanceInput {
  requesting_agent_id: string;
  task_description: string;
  required_capabilities?: string[];
  target_agent_id?: string | string[];
  urgency: 'high' | 'medium' | 'low';
}

/**
 * request_assistance: targeted (the agents named, which must exist) or broadcast to every other
 * platform agent holding all the required capabilities. A broadcast nobody qualifies for is the
 * spec's failure status (`not_found`, details.request_status "failure"); nothing is sent then.
 */
export async function requestAssistance(c: Collab, input: AssistanceInput) {
  assertActsAs(c.actor, 'requesting_agent_id', input.requesting_agent_id);
  const [requester] = await requireAgents(c.db, c.platform, [input.requesting_agent_id], 'requesting agent');
  const required = [...new Set((input.required_capabilities ?? []).map(normalizeCapability).filter(Boolean))];
  let targets;
  let mode: 'targeted' | 'broadcast';
  if (input.target_agent_id !== undefined) {
    const ids = [...new Set(Array.isArray(input.target_agent_id) ? input.target_agent_id : [input.target_agent_id])];
    if (ids.length === 0) {
      throw new CollaborationError(
        'invalid_input',
        'target_agent_id is an empty list: name at least one agent, or leave it out to broadcast',
      );
    }
    if (ids.includes(requester!.id))
      throw new CollaborationError('invalid_input', 'target_agent_id names yourself: you cannot ask yourself for assistance');
    targets = await requireAgents(c.db, c.platform, ids, 'target agent');
    mode = 'targeted';
  } else {
    if (required.length === 0) {
      throw new CollaborationError(
        'invalid_input',
        'a broadcast needs required_capabilities (or name target_agent_id for a targeted request)',
      );
    }
    const candidates = (await allKnownAgents(c.db, c.platform)).filter((a) => a.id !== requester!.id && a.kind === 'platform');
    targets = candidates.filter((a) => required.every((r) => a.capabilities.includes(r)));
    if (targets.length === 0) {
      throw new CollaborationError(
        'not_found',
        `no suitable agent: none of the ${candidates.length} other agents holds all of ${required.join(', ')}`,
        { request_status: 'failure', required_capabilities: required, agents_considered: candidates.length },
      );
    }
    mode = 'broadcast';
  }
  const sessionId = await sessionOf(c.db, [requester!.id, ...targets.map((t) => t.id)]);
  const sent = await sendCollaborationMessage(c.db, c.platform, {
    kind: 'assistance_request',
    sender: requester!.id,
    senderOnPlatform: requester!.kind === 'platform',
    recipients: targets,
    sessionId,
    body: {
      task_description: input.task_description,
      required_capabilities: required,
      urgency: input.urgency,
      reply_to: requester!.id,
    },
  });
  return {
    message_id: sent.message_id,
    request_status: 'sent' as const,
    mode,
    urgency: input.urgency,
    required_capabilities: required,
    targeted_count: targets.length,
    targeted_agent_ids: targets.map((t) => t.id),
    delivery: sent.delivery,
    session_id: sessionId,
  };
}
