/**
 * One turn at a time per agent, in arrival order: a turn waits for the agent's previous turns
 * to end (so two messages never interleave in its history). In-process only: the fast path in
 * front of the agent's cross-process turn lease (turn-lease.ts), which keeps other processes' turns apart.
 */
export class TurnQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /**
   * Takes a place in the agent's queue now (synchronously, so places follow call order);
   * `ready` resolves when it is this turn's go, and `release` must be called when it ends.
   */
  reserve(agentId: string): { ready: Promise<void>; release: () => void } {
    const previous = this.tails.get(agentId) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(agentId, tail);
    let released = false;
    return {
      ready: previous,
      release: () => {
        if (released) return;
        released = true;
        release();
        if (this.tails.get(agentId) === tail) this.tails.delete(agentId);
      },
    };
  }
}
