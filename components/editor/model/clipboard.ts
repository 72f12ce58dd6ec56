import { isObject } from '@/server/engine/json';
import { isJsonValue } from './json-value';
import { indexStates } from './state-index';
import type { JsonObject, WorkflowDoc } from './types';

/** The clipboard format tag, so a paste can tell our payload from any other JSON. */
export const CLIPBOARD_FORMAT = 'dcf-editor/states@1';

/**
 * Copied states, JSON-serialisable (it may travel through the system clipboard as text): each
 * top-level copied state with its name, the scope it came from, and its object — a container's
 * branches and their states included.
 */
export interface ClipboardPayload {
  format: typeof CLIPBOARD_FORMAT;
  states: Array<{ name: string; scope: string; state: JsonObject }>;
}

/**
 * The payload for the states at `pointers`, in document order. A state inside a copied container
 * is carried by the container and not listed again; pointers naming no state object are skipped.
 */
export function copyStates(doc: WorkflowDoc, pointers: readonly string[]): ClipboardPayload {
  const wanted = new Set(pointers);
  const states: ClipboardPayload['states'] = [];
  for (const node of indexStates(doc).tree.states) {
    if (!wanted.has(node.pointer) || !isObject(node.value)) continue;
    if ([...wanted].some((p) => p !== node.pointer && node.pointer.startsWith(`${p}/`))) continue;
    states.push({ name: node.name, scope: node.scope.pointer, state: node.value });
  }
  return { format: CLIPBOARD_FORMAT, states };
}

/** True when `value` is a payload `copyStates` could have made (it may come from foreign text). */
export function isClipboardPayload(value: unknown): value is ClipboardPayload {
  return (
    isObject(value) &&
    value.format === CLIPBOARD_FORMAT &&
    Array.isArray(value.states) &&
    value.states.every(
      (s) => isObject(s) && typeof s.name === 'string' && typeof s.scope === 'string' && isObject(s.state) && isJsonValue(s.state),
    )
  );
}
