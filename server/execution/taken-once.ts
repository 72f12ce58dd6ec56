/**
 * A value given with an object (a notification) for whoever handles it next, taken once: the
 * instance a commit read for the handler it continues (instance-view.ts), a Task's hand-off to its
 * in-process worker (task-handoff.ts), a lease granted with the commit (pregrant.ts). Keyed by the
 * object itself, so a value never taken goes with it; a notification handled again finds nothing
 * and does the work itself.
 */
export class TakenOnce<K extends object, V> {
  private readonly values = new WeakMap<K, V>();

  give(key: K, value: V): void {
    this.values.set(key, value);
  }

  take(key: K): V | undefined {
    const value = this.values.get(key);
    this.values.delete(key);
    return value;
  }
}
