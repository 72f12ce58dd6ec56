import type { Logger } from 'pino';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { openDispatches, refreshDispatch } from './dispatch.ts';

export interface DispatchTrackerOptions {
  platform: () => Promise<AgentPlatform>;
  db: () => Promise<Db>;
  log: Logger;
  /** How often open dispatches are brought up to date (default 2 s). */
  pollMs?: number;
  /** Dispatches older than this are no longer followed (default 7 days). */
  maxAgeMs?: number;
}

/**
 * Follows open dispatches in a long-lived process (the console): every `pollMs` each dispatch
 * still waiting for its acknowledgement or its expected reply is refreshed from the target's
 * history (dispatch.ts refreshDispatch). Several processes may run one: acknowledgement and
 * reply routing are conditional updates, so each happens once.
 */
export class DispatchTracker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly opts: DispatchTrackerOptions) {}

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick(), this.opts.pollMs ?? 2_000);
    this.timer.unref();
  }

  /** One pass over the open dispatches (also called by tests and by readers that want fresh state). */
  tick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    try {
      const [platform, db] = await Promise.all([this.opts.platform(), this.opts.db()]);
      for (const row of await openDispatches(db, this.opts.maxAgeMs ?? 7 * 86_400_000)) {
        if (this.closed) return;
        await refreshDispatch(platform, db, row).catch((err: unknown) =>
          this.opts.log.warn({ err, dispatch: row.id }, 'dispatch refresh failed'),
        );
      }
    } catch (err) {
      if (!this.closed) this.opts.log.warn({ err }, 'dispatch tracker pass failed');
    }
  }
}
