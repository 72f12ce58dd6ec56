import type { GatedMessage, MessageGate } from '../contracts/agent-platform.ts';
import { recordEvent, type DelegationHub } from './hub.ts';
import { describeInvalid, readProtocolMessage, type ProtocolMessage } from './protocol.ts';
import { onProgress, onResult, onAdvice, onDelegationSent } from './receive.ts';
import { sessionOfAgent } from './sessions.ts';

/**
 * The message gate of delegated mode (see MessageGate in the agent-platform port). Messages that
 * carry one of the four protocols are checked against their JSON Schema when sent and when
 * delivered: an invalid one is refused with the schema's findings, recorded in the session's
 * activity (`message_rejected`) and logged — never dropped silently. At delivery, valid ones are
 * recorded: a result ends its task, frees its Companion and wakes the Strategist; progress and
 * advice go to the activity and the delegation log; once the Conductor's turn for one is over, a
 * `conductor_answered` event tells live pages its answer is there. Anything else passes untouched.
 */
export function delegationGate(hubOf: () => Promise<DelegationHub>): MessageGate {
  return {
    async onSend(m) {
      const carried = readProtocolMessage(m.text);
      if (carried.kind === 'none') return null;
      const hub = await hubOf();
      if (carried.kind === 'invalid') return reject(hub, m, describeInvalid(carried.type, carried.issues), 'send');
      if (carried.message.type === 'task_delegation') await onDelegationSent(hub, m, carried.message);
      return null;
    },
    async onReceive(m) {
      const carried = readProtocolMessage(m.text);
      if (carried.kind === 'none') return null;
      const hub = await hubOf();
      if (carried.kind === 'invalid') return reject(hub, m, describeInvalid(carried.type, carried.issues), 'delivery');
      const refusal = await received(hub, m, carried.message);
      return refusal ? reject(hub, m, refusal, 'delivery') : null;
    },
    async onDelivered(m) {
      // The Conductor has answered a message (a result, progress, advice): live pages re-read its conversation.
      if (readProtocolMessage(m.text).kind !== 'valid') return;
      const hub = await hubOf();
      const session = await sessionOfAgent(hub, m.to);
      if (session && session.conductorId === m.to)
        await recordEvent(hub, { sessionId: session.id, kind: 'conductor_answered', actor: m.to, subject: m.from });
    },
  };
}

async function received(hub: DelegationHub, m: GatedMessage, msg: ProtocolMessage): Promise<string | null> {
  switch (msg.type) {
    case 'task_result':
      return onResult(hub, m, msg);
    case 'task_progress':
      return onProgress(hub, m, msg);
    case 'strategic_advice':
      return onAdvice(hub, m, msg);
    case 'task_delegation':
      return null;
  }
}

async function reject(hub: DelegationHub, m: GatedMessage, reason: string, where: 'send' | 'delivery'): Promise<string> {
  hub.log.warn({ from: m.from, to: m.to, reason, where }, 'protocol message rejected');
  const session = (await sessionOfAgent(hub, m.to)) ?? (await sessionOfAgent(hub, m.from));
  if (session) {
    await recordEvent(hub, {
      sessionId: session.id,
      kind: 'message_rejected',
      actor: m.from,
      subject: m.to,
      payload: { reason, at: where, text: m.text.length > 4000 ? `${m.text.slice(0, 4000)}…` : m.text },
    });
  }
  return reason;
}
