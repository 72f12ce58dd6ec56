import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { InboundMessage, MessageGate } from '../../contracts/agent-platform.ts';
import type { ClaimedMessage, InboxStore } from './inbox-store.ts';
import type { TurnPlace } from './turn-lease.ts';

/** A message that failed to be delivered this many times (its turn kept throwing) is rejected. */
export const MAX_DELIVERY_ATTEMPTS = 5;

export interface InboxDeliveryOptions {
  inbox: InboxStore;
  /** The agent's next turn place (turn-lease.ts's reserveTurn: the in-process queue, then the cross-process lease). */
  reserve(agentId: string): TurnPlace;
  /** Runs the agent's turn for the message in the place it was given, releasing it at the end. */
  runTurn(agentId: string, message: InboundMessage, place: TurnPlace): Promise<void>;
  gate?: MessageGate;
  log: Logger;
  /** How long a claim holds without renewal (default 120 s); a dead process's messages wait this long. */
  claimMs?: number;
  /** How often pending messages are looked for (default 2 s): messages other processes queued, and those whose claim expired. */
  sweepMs?: number;
}

/**
 * Delivers the durable inbox (inbox-store.ts): one pump per agent in this process takes the
 * agent's next turn place (after any running turn, here or — with a turn lease — in another
 * process), then claims the oldest pending
 * message, lets the gate accept or reject it, runs the turn, and marks it delivered. A sweep
 * starts pumps for messages queued elsewhere or left behind by a process that stopped, so a
 * restart loses nothing (delivery is at least once: a turn cut off by a crash runs again).
 */
export class InboxDelivery {
  private readonly owner = `local-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly pumps = new Map<string, Promise<void>>();
  private readonly claimMs: number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly opts: InboxDeliveryOptions) {
    this.claimMs = opts.claimMs ?? 120_000;
  }

  /** Starts sweeping (now and every `sweepMs`). */
  start(): void {
    if (this.timer || this.closed) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.opts.sweepMs ?? 2_000);
    this.timer.unref();
  }

  /** Makes sure the agent's pending messages are being delivered by this process. */
  kick(agentId: string): void {
    if (this.closed || this.pumps.has(agentId)) return;
    const pump = this.pump(agentId).finally(() => this.pumps.delete(agentId));
    this.pumps.set(agentId, pump);
  }

  /** Stops sweeping and claiming; waits for the turns already running. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    while (this.pumps.size) await Promise.allSettled([...this.pumps.values()]);
  }

  private async sweep(): Promise<void> {
    if (this.closed) return;
    try {
      for (const agentId of await this.opts.inbox.agentsWithPending()) this.kick(agentId);
    } catch (err) {
      if (!this.closed) this.opts.log.warn({ err }, 'inbox sweep failed');
    }
  }

  private async pump(agentId: string): Promise<void> {
    while (!this.closed) {
      const place = this.opts.reserve(agentId);
      let claim: ClaimedMessage | null = null;
      try {
        await place.ready;
        if (this.closed) return place.release();
        claim = await this.opts.inbox.claimNext(agentId, this.owner, this.claimMs);
        if (!claim) return place.release();
        const refusal =
          claim.attempts > MAX_DELIVERY_ATTEMPTS
            ? `not delivered after ${MAX_DELIVERY_ATTEMPTS} attempts`
            : await this.opts.gate?.onReceive({ from: claim.senderAgentId, to: agentId, text: claim.content });
        if (refusal) {
          place.release();
          await this.opts.inbox.rejected(claim.seq, refusal);
          this.opts.log.warn({ agentId, from: claim.senderAgentId, seq: claim.seq, refusal }, 'message rejected at delivery');
          continue;
        }
        await this.deliver(claim, place);
      } catch (err) {
        place.release();
        // The claim stays until it expires: the message is tried again (attempts counts it).
        this.opts.log.warn({ err, agentId, seq: claim?.seq }, 'inbox delivery failed');
        return;
      }
    }
  }

  private async deliver(claim: ClaimedMessage, place: TurnPlace): Promise<void> {
    const renew = setInterval(
      () => void this.opts.inbox.renew(claim.seq, this.owner, this.claimMs).catch(() => {}),
      Math.max(200, this.claimMs / 3),
    );
    try {
      const message: InboundMessage = {
        role: claim.role,
        content: claim.content,
        ...(claim.senderAgentId ? { sender_agent_id: claim.senderAgentId } : {}),
      };
      await this.opts.runTurn(claim.agentId, message, place);
      await this.opts.inbox.delivered(claim.seq);
      await this.opts.gate
        ?.onDelivered?.({ from: claim.senderAgentId, to: claim.agentId, text: claim.content })
        .catch((err: unknown) => this.opts.log.warn({ err }, 'after-delivery hook failed'));
    } finally {
      clearInterval(renew);
    }
  }
}
