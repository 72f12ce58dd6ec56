import { firstField } from './check-variable';
import { stateShapes } from './state-shapes';

/**
 * The Variable a new Choice rule of the Choice at `pointer` starts with: the first field of the
 * data reaching it (after its InputPath), so a new rule names something that is there; empty when
 * no field is known — the validator then reports it and the rule builder asks to choose a field.
 * Never a made-up path that would count as valid.
 */
export function startingVariable(doc: unknown, pointer: string): string {
  const shapes = stateShapes(doc, pointer);
  return (shapes && firstField(shapes.selectedInput)) ?? '';
}

/** The condition a new rule starts with: `variable` is present (readable, and meant to be edited). */
export function newCondition(variable: string): { Variable: string; IsPresent: true } {
  return { Variable: variable, IsPresent: true };
}
