import { StatesError } from '../states-error.ts';

/** TEST SUPPORT: runs `fn`, which must throw a StatesError, and returns that error. */
export function failure(fn: () => unknown): StatesError {
  try {
    fn();
  } catch (e) {
    if (e instanceof StatesError) return e;
    throw e;
  }
  throw new Error('expected a StatesError');
}
