/**
 * Runs async work one at a time per key, in call order (an in-process mutex per key). Used to
 * serialise read-modify-writes of one shared block (server/delegation; other processes are kept
 * out by the block's revision numbers, block-writer.ts) and a tool-call plan's lifecycle changes
 * per agent (server/planning/tracker).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.finally(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
