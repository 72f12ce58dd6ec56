import { isObject } from '../json.ts';
import { child } from '../issues.ts';

/** One outgoing edge of a state as written: `target` is whatever the field holds. */
export interface Transition {
  kind: 'choice' | 'default' | 'next' | 'catch';
  target: unknown;
  /** Pointer of the field naming the target, e.g. `/asl/States/A/Catch/1/Next`. */
  pointer: string;
}

/**
 * The outgoing transitions of a state in document order: Choice rules, Default, Next, then
 * catchers. Nested And/Or/Not rules carry no Next and are not edges. Only present fields are listed.
 */
export function stateTransitions(state: unknown, pointer: string): Transition[] {
  if (!isObject(state)) return [];
  const out: Transition[] = [];
  if (state.Type === 'Choice' && Array.isArray(state.Choices)) {
    state.Choices.forEach((rule, i) => {
      if (isObject(rule) && 'Next' in rule) out.push({ kind: 'choice', target: rule.Next, pointer: child(pointer, 'Choices', i, 'Next') });
    });
  }
  if ('Default' in state) out.push({ kind: 'default', target: state.Default, pointer: child(pointer, 'Default') });
  if ('Next' in state) out.push({ kind: 'next', target: state.Next, pointer: child(pointer, 'Next') });
  if (Array.isArray(state.Catch)) {
    state.Catch.forEach((catcher, i) => {
      if (isObject(catcher) && 'Next' in catcher)
        out.push({ kind: 'catch', target: catcher.Next, pointer: child(pointer, 'Catch', i, 'Next') });
    });
  }
  return out;
}

/** True for a state that ends its scope: `End: true`, Succeed or Fail. */
export function isTerminalState(state: unknown): boolean {
  return isObject(state) && (state.End === true || state.Type === 'Succeed' || state.Type === 'Fail');
}
