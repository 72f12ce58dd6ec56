import { channelOf, subscriberOf, type RedisClient } from '../../redis/connection.ts';

/** Announces that an agent's active plan changed to a new one (declare, replan, a stored plan put back): the message is the agent id. */
export const PLAN_ACTIVATED = 'dcf:plan-activated';

/** Agents remembered per process; past it the oldest is forgotten (it then costs one round trip again). */
const MAX_AGENTS = 10_000;

/** What Redis answered for an agent without an active plan (shared-usage.ts `charge`). */
export type NoPlan = 'none' | 'missing';

/**
 * The agents this process knows to have no active plan, so a tool call of theirs costs no Redis
 * round trip (an agent that never plans used to pay one EVAL per call). Kept true across processes
 * by pub/sub: every script that makes a plan active (shared-usage.ts ACTIVATE, SEED) publishes the
 * agent id on PLAN_ACTIVATED in the same step, and each process forgets that agent when it hears it.
 *
 * Safe fallback: the cache answers only while its subscription is confirmed; when the subscriber
 * connection drops, everything is forgotten and every call asks Redis again until the subscription
 * is back. An answer is remembered only when no activation was heard while it was being read (an
 * epoch counter), so an activation that raced the read is never hidden. Activations made by this
 * process are forgotten at once (`forget`), before its declaration returns. Left open: a call that
 * reaches this process after a declaration elsewhere returned but before its message arrived here;
 * the message leaves Redis before the declaration's reply, so that takes a busy event loop here
 * against at least two network hops of the agent's.
 */
export class NoPlanCache {
  private readonly none = new Map<string, NoPlan>();
  private epoch = 0;
  private live = false;
  private starting: Promise<void> | null = null;
  private sub: RedisClient | null = null;

  constructor(private readonly redis: () => Promise<RedisClient>) {}

  /** The remembered answer for `agentId` (no round trip), or undefined: ask Redis. */
  get(agentId: string): NoPlan | undefined {
    if (!this.live) {
      void this.start();
      return undefined;
    }
    return this.none.get(agentId);
  }

  /** The epoch to hand back to `remember` with the answer of the read about to be made. */
  before(): number {
    return this.epoch;
  }

  /** Remembers Redis' answer unless an activation was heard since `epoch` or the subscription is not live. */
  remember(agentId: string, answer: NoPlan, epoch: number): void {
    if (!this.live || epoch !== this.epoch) return;
    if (!this.none.has(agentId) && this.none.size >= MAX_AGENTS) this.none.delete(this.none.keys().next().value!);
    this.none.set(agentId, answer);
  }

  /** An activation for `agentId` (heard, or made by this process). */
  forget(agentId: string): void {
    this.epoch++;
    this.none.delete(agentId);
  }

  /** Whether answers are served from memory now (the subscription is confirmed). */
  get serving(): boolean {
    return this.live;
  }

  async close(): Promise<void> {
    this.drop();
    this.sub?.disconnect();
    this.sub = null;
  }

  private drop(): void {
    this.live = false;
    this.epoch++;
    this.none.clear();
  }

  private start(): Promise<void> {
    this.starting ??= this.subscribe().catch(() => {
      this.starting = null; // tried again on a later call; meanwhile every call asks Redis
    });
    return this.starting;
  }

  private async subscribe(): Promise<void> {
    const redis = await this.redis();
    const sub = (this.sub ??= subscriberOf(redis));
    const channel = channelOf(redis, PLAN_ACTIVATED);
    sub.on('message', (ch: string, agentId: string) => {
      if (ch === channel) this.forget(agentId);
    });
    // Messages may be lost while the connection is down: forget everything, serve again once subscribed anew.
    for (const event of ['close', 'reconnecting', 'end']) sub.on(event, () => this.drop());
    sub.on('ready', () => {
      if (this.live) return;
      void sub.subscribe(channel).then(
        () => this.serve(),
        () => undefined,
      );
    });
    await sub.subscribe(channel);
    this.serve();
  }

  /** Subscribed: answers are served from now on; one read before this moment may have missed an activation, so it is not remembered. */
  private serve(): void {
    this.epoch++;
    this.live = true;
  }
}
