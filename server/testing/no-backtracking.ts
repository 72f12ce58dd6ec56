import { RE2JS } from 're2js';
import { vi } from 'vitest';

/**
 * TEST SUPPORT: proves by counted work, not by elapsed time, that `work` matched text on a
 * linear-time engine. While `work` runs, any JavaScript RegExp match (a backtracking engine) throws
 * at once — every RegExp method and every String method given a RegExp goes through
 * `RegExp.prototype.exec` — so a regression fails the test immediately instead of freezing the
 * worker; RE2 (re2js) runs are counted. Returns what `work` returned and the number of RE2 runs.
 */
export function onLinearEngine<T>(work: () => T): { value: T; re2Runs: number } {
  let re2Runs = 0;
  const jsRegExp = vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp) {
    throw new Error(`a backtracking JavaScript RegExp ran: /${this.source}/`);
  });
  const proto = RE2JS.prototype as unknown as Record<'matcher' | 'test', (...args: unknown[]) => unknown>;
  const count = (name: 'matcher' | 'test') => {
    const original = proto[name]!;
    return vi.spyOn(proto, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
      re2Runs++;
      return original.apply(this, args);
    });
  };
  const spies = [count('matcher'), count('test')];
  try {
    return { value: work(), re2Runs };
  } finally {
    jsRegExp.mockRestore();
    for (const spy of spies) spy.mockRestore();
  }
}
