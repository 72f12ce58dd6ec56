/**
 * A small semaphore for password hashing. One scrypt hash takes 128 MiB and a libuv thread for a
 * few hundred milliseconds; libuv has four threads, shared with file and DNS work. Unbounded,
 * eight clients guessing passwords made every other request wait seconds. The gate lets
 * `concurrency` hashes run at once; the next `maxQueue` wait at most `maxWaitMs` for a turn, in
 * order; anything beyond that fails at once with HashBusyError (a "try again shortly" answer).
 */
export class HashBusyError extends Error {
  constructor() {
    super('The server is busy checking other passwords; try again in a few seconds.');
    this.name = 'HashBusyError';
  }
}

export type HashGateOptions = { concurrency: number; maxWaitMs: number; maxQueue: number };

type Waiter = { grant(): void };

export class HashGate {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly opts: HashGateOptions) {}

  /** Runs `work` when a slot is free; rejects with HashBusyError when none frees up in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Hashes running and waiting now (for tests and diagnostics). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private acquire(): Promise<void> {
    if (this.active < this.opts.concurrency) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.opts.maxQueue) return Promise.reject(new HashBusyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new HashBusyError());
      }, this.opts.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /** Hands the slot straight to the longest waiter, so a newcomer cannot overtake the queue. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.active -= 1;
  }
}

/**
 * The process's gate for every scrypt hash (sign-in, user creation, password changes): two at a
 * time leave two libuv threads for everything else. A hash takes 0.3–1 s, so a sign-in waits up
 * to 5 s for a turn (a handful of people signing in at once all get through), and a crowd of 32
 * waiting means an attack: the rest are refused at once. On globalThis because Next.js may load
 * this module more than once.
 */
const GATE = Symbol.for('dcf.passwordHashGate');
export function passwordHashGate(): HashGate {
  const holder = globalThis as { [GATE]?: HashGate };
  holder[GATE] ??= new HashGate({ concurrency: 2, maxWaitMs: 5_000, maxQueue: 32 });
  return holder[GATE];
}
