import { hasOwn, isObject } from '../json.ts';
import { pathValue } from './evaluate-path.ts';
import { describeValue, isNonNegativeInteger, preview } from './json-values.ts';
import { applyPayloadTemplate } from './payload-template.ts';
import { STATES, StatesError, runtimeError } from './states-error.ts';
import type { AslState, ContextObject, Json } from './types.ts';

/**
 * Map (inline). The Map's effective input is its raw input after InputPath (no Parameters step:
 * for a Map, Parameters is the legacy name of ItemSelector). The Distributed Map's ItemReader and
 * ItemBatcher are not evaluated by this engine: a Map using them fails rather than silently
 * iterating over the wrong items.
 */
export function mapItems(state: AslState, effectiveInput: Json, context: ContextObject): Json[] {
  if (hasOwn(state, 'ItemReader'))
    throw new StatesError(STATES.ItemReaderFailed, 'ItemReader (Distributed Map) is not supported by this engine');
  if (hasOwn(state, 'ItemBatcher')) runtimeError('ItemBatcher (Distributed Map) is not supported by this engine');
  const path = hasOwn(state, 'ItemsPath') ? state.ItemsPath : '$';
  if (typeof path !== 'string') runtimeError('ItemsPath must be a path string');
  const items = pathValue(path, effectiveInput, context);
  if (!Array.isArray(items)) runtimeError(`ItemsPath ${JSON.stringify(path)} must select an array, got ${describeValue(items)}`);
  return items;
}

/**
 * The input of one iteration: the ItemSelector (or legacy Parameters) evaluated against the Map's
 * effective input with `$$.Map.Item.Index` / `$$.Map.Item.Value` set; without one, the item.
 */
export function mapItemInput(state: AslState, effectiveInput: Json, item: Json, index: number, context: ContextObject): Json {
  const selector = hasOwn(state, 'ItemSelector') ? state.ItemSelector : hasOwn(state, 'Parameters') ? state.Parameters : undefined;
  if (selector === undefined) return item;
  return applyPayloadTemplate(selector, effectiveInput, { ...context, Map: { Item: { Index: index, Value: item } } });
}

/** The processor run for each item: ItemProcessor, or the legacy Iterator. */
export function mapProcessor(state: AslState): { StartAt: string; States: Record<string, AslState> } {
  const processor = hasOwn(state, 'ItemProcessor') ? state.ItemProcessor : state.Iterator;
  if (!isObject(processor) || typeof processor.StartAt !== 'string' || !isObject(processor.States)) {
    runtimeError('a Map needs an ItemProcessor (or Iterator) with StartAt and States');
  }
  return { StartAt: processor.StartAt, States: processor.States as Record<string, AslState> };
}

/**
 * How many iterations may run at once: MaxConcurrency, or MaxConcurrencyPath read from `input`
 * (optional parameters added to the agreed signature; the path needs them). 0 or absent means
 * no limit: Infinity.
 */
export function maxConcurrency(state: AslState, input?: Json, context?: ContextObject): number {
  let value: unknown = 0;
  if (hasOwn(state, 'MaxConcurrency')) {
    value = state.MaxConcurrency;
  } else if (hasOwn(state, 'MaxConcurrencyPath')) {
    if (typeof state.MaxConcurrencyPath !== 'string') runtimeError('MaxConcurrencyPath must be a path string');
    if (input === undefined) runtimeError('MaxConcurrencyPath needs the state input');
    value = pathValue(state.MaxConcurrencyPath, input, context);
  }
  if (!isNonNegativeInteger(value)) runtimeError(`MaxConcurrency must be a non-negative integer, got ${preview(value)}`);
  return value === 0 ? Infinity : value;
}
