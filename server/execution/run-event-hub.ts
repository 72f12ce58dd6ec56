import { channelOf, subscriberOf, type RedisClient } from '../redis/connection.ts';

/** Receives the raw messages of one channel; `resync` is called after the subscriber reconnected (messages may have been lost meanwhile). */
export interface ChannelListener {
  message(raw: string): void;
  resync?(): void;
}

/**
 * One Redis subscriber connection per process, shared by every SSE client (fan-out): a channel
 * is subscribed while at least one listener wants it and unsubscribed when the last one leaves.
 * ioredis subscribes again by itself after a reconnect; listeners are then told to `resync`
 * (pub/sub keeps nothing, so what was published during the outage must be read from the stream).
 * Callers name channels as published (keys.ts, NOTIFICATIONS_CHANNEL, …); the hub subscribes
 * them in its Redis database's scheme (channelOf), so another database's messages never reach it.
 */
export class RunEventHub {
  private readonly sub: RedisClient;
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  /** Per channel: the SUBSCRIBE (or UNSUBSCRIBE) in flight, so calls for one channel happen in order. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private connectedOnce = false;

  constructor(redis: RedisClient) {
    this.sub = subscriberOf(redis);
    this.sub.on('message', (channel: string, raw: string) => {
      for (const l of this.listeners.get(channel) ?? []) l.message(raw);
    });
    this.sub.on('ready', () => {
      if (this.connectedOnce) void this.afterReconnect();
      this.connectedOnce = true;
    });
  }

  /** Adds a listener; resolves once Redis confirmed the subscription (messages published from then on reach it). Returns the way out. */
  async listen(name: string, listener: ChannelListener): Promise<() => Promise<void>> {
    const channel = channelOf(this.sub, name);
    let set = this.listeners.get(channel);
    const first = !set;
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    if (first) void this.chain(channel, () => this.sub.subscribe(channel));
    try {
      await this.pending.get(channel);
    } catch (err) {
      await this.leave(channel, listener);
      throw err;
    }
    return () => this.leave(channel, listener);
  }

  /** How many listeners a channel has in this process (for tests and metrics). */
  listenerCount(name: string): number {
    return this.listeners.get(channelOf(this.sub, name))?.size ?? 0;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.sub.disconnect();
  }

  /**
   * After a reconnect: ioredis re-subscribes by itself, but a listener may read the stream only
   * once the subscription is confirmed, or an event published in between would reach neither.
   */
  private async afterReconnect(): Promise<void> {
    const channels = [...this.listeners.keys()];
    await Promise.all(channels.map((c) => this.chain(c, () => this.sub.subscribe(c)))).catch(() => {});
    for (const c of channels) for (const l of this.listeners.get(c) ?? []) l.resync?.();
  }

  private async leave(channel: string, listener: ChannelListener): Promise<void> {
    const set = this.listeners.get(channel);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(channel);
    await this.chain(channel, async () => {
      // A listener may have come back while this was queued: then stay subscribed.
      if (!this.listeners.has(channel)) await this.sub.unsubscribe(channel);
    });
  }

  private chain(channel: string, step: () => Promise<unknown>): Promise<unknown> {
    const next = (this.pending.get(channel) ?? Promise.resolve()).then(step, step);
    this.pending.set(channel, next);
    void next
      .finally(() => {
        if (this.pending.get(channel) === next) this.pending.delete(channel);
      })
      .catch(() => {});
    return next;
  }
}

const HUB = Symbol.for('dcf.runEventHub');

/** The process's hub, made on first use from `redis` (Next.js may load this module more than once: the hub lives on globalThis). */
export function runEventHub(redis: RedisClient): RunEventHub {
  const holder = globalThis as { [HUB]?: RunEventHub };
  holder[HUB] ??= new RunEventHub(redis);
  return holder[HUB];
}
