import { z } from 'zod';
import { fail, ok, type ToolFailure } from '../../../tool-result.ts';
import { AgentPlatformError } from '../errors.ts';
import { defineBuiltin } from './builtin.ts';

/** A platform refusal as the tool's error: a refused message (the gate) is the caller's input, an unknown agent not_found. */
function refused(err: unknown): ToolFailure {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof AgentPlatformError) return fail(err.code === 'invalid' ? 'invalid_input' : err.code, message);
  return fail('internal_error', message);
}

/**
 * Letta `send_message`: the agent's answer. The loop streams it as an `assistant_message` (not as
 * a tool call) and the turn ends, as with Letta agents whose tool rules make it terminal.
 */
export const sendMessage = defineBuiltin({
  name: 'send_message',
  description: 'Send your answer to the user (or to whoever messaged you). This ends your turn.',
  toolType: 'letta_core',
  input: z.object({ message: z.string().min(1).describe('The message, in plain language.') }),
  terminal: true,
  run: async (a) => ok({ message: a.message }),
});

const otherAgent = z.string().min(1).describe('The id of the agent to message.');

/** Letta `send_message_to_agent_async`: delivered in the background; no reply awaited. */
export const sendMessageToAgentAsync = defineBuiltin({
  name: 'send_message_to_agent_async',
  description:
    'Send a message to another agent without waiting for a reply (fire and forget): for delegating tasks ' +
    'and reporting results. The other agent reacts in its own time and answers you the same way if it ' +
    'needs to.',
  toolType: 'letta_multi_agent_core',
  input: z.object({ message: z.string().min(1), other_agent_id: otherAgent }),
  run: async (a, env) => {
    if (a.other_agent_id === env.agentId) return fail('invalid_input', 'you cannot message yourself');
    try {
      await env.multiAgent.sendAsync(env.agentId, a.other_agent_id, a.message);
      return ok({ delivered_to: a.other_agent_id, queued: true });
    } catch (err) {
      return refused(err);
    }
  },
});

/** Letta `send_message_to_agent_and_wait_for_reply`. */
export const sendMessageToAgentAndWaitForReply = defineBuiltin({
  name: 'send_message_to_agent_and_wait_for_reply',
  description:
    'Send a message to another agent and wait for its reply (its answer text). Use it only when you need ' +
    'the answer now; the wait fails after timeout_s (default 120).',
  toolType: 'letta_multi_agent_core',
  input: z.object({
    message: z.string().min(1),
    other_agent_id: otherAgent,
    timeout_s: z.number().positive().max(600).optional().describe('How long to wait for the reply (default 120 s).'),
  }),
  run: async (a, env) => {
    if (env.chain.includes(a.other_agent_id)) {
      return fail(
        'conflict',
        `${a.other_agent_id} is waiting for you (${[...env.chain, a.other_agent_id].join(' → ')}): waiting ` +
          'for its reply would deadlock; use send_message_to_agent_async',
      );
    }
    try {
      const reply = await env.multiAgent.sendAndWait(
        env.agentId,
        a.other_agent_id,
        a.message,
        env.chain,
        a.timeout_s === undefined ? undefined : a.timeout_s * 1000,
      );
      return ok({ agent_id: a.other_agent_id, reply });
    } catch (err) {
      return refused(err);
    }
  },
});

/** Letta `send_message_to_agents_matching_tags` (supervisor → workers broadcast). */
export const sendMessageToAgentsMatchingTags = defineBuiltin({
  name: 'send_message_to_agents_matching_tags',
  description:
    'Send a message to every other agent that has all tags in match_all and, when match_some is given, ' +
    'at least one of match_some (e.g. match_all ["role:companion", "session:<id>"]); waits for and ' +
    'returns their replies.',
  toolType: 'letta_multi_agent_core',
  input: z.object({
    message: z.string().min(1),
    match_all: z.array(z.string().min(1)).min(1),
    match_some: z.array(z.string().min(1)).default([]),
  }),
  run: async (a, env) => {
    try {
      return ok({
        replies: await env.multiAgent.sendMatchingTags(
          env.agentId,
          { match_all: a.match_all, match_some: a.match_some },
          a.message,
          env.chain,
        ),
      });
    } catch (err) {
      return refused(err);
    }
  },
});

/**
 * `send_message_to_agents_matching_all_tags`: the name (and `tags` argument) Letta used before
 * it renamed the tool and the DCF+ spec still uses; every tag must match.
 */
export const sendMessageToAgentsMatchingAllTags = defineBuiltin({
  name: 'send_message_to_agents_matching_all_tags',
  description:
    'Send a message to every other agent that has all of `tags` (e.g. ["role:companion", ' +
    '"session:<id>"]); waits for and returns their replies. The older name of ' +
    'send_message_to_agents_matching_tags.',
  toolType: 'letta_multi_agent_core',
  input: z.object({ message: z.string().min(1), tags: z.array(z.string().min(1)).min(1) }),
  run: async (a, env) => sendMessageToAgentsMatchingTags.run({ message: a.message, match_all: a.tags, match_some: [] }, env),
});
