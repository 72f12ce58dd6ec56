import { z } from 'zod';

/**
 * The size limits of tool arguments, in one place (issue 29: "bounded inputs everywhere"). Every
 * string, list and open object a tool takes carries one of these in its input schema, so every
 * transport (MCP, tRPC, the CLI) refuses an over-limit argument as `invalid_input` before a
 * handler or a database statement sees it; server/tools/input-bounds.test.ts fails on any
 * unbounded one. The sizes follow what real use needs, with room to spare:
 *
 * - id, 200: run, agent, session, job and skill ids, state and tool names (ASL state names are
 *   at most 80 characters; uuids 36).
 * - name, 200: a title, a role, a label, a tag, a capability.
 * - query, 1,000: a search query (a sentence or two; the embedding sees no more anyway).
 * - short, 2,000: a reason, a comment, an error message, a date filter, a free-form filter.
 * - text, 20,000: a memory, a note, a task description, a plan summary, a contribution (about
 *   ten pages of prose).
 * - jsonText, 100,000: the delegation tools' `*_json` arguments (goals, preferences, task context).
 * - path, 1,024: a file path or file:// URI inside the workspace or an agent's memory folder.
 * - document, 1,000,000: a workflow, a skill manifest, a run's input, a state's result, as JSON
 *   value or text; the MCP and tRPC bodies stop at 2 MB anyway (server/http/limits.ts).
 * - fileBase64, 2 MiB of base64: an agent memory file's content (the per-file byte limit,
 *   DCF_AGENT_MEMORY_MAX_FILE_BYTES, 1 MiB by default, is checked by the handler).
 * - items 100 / manyItems 1,000: lists of names or small objects / lists of ids or states.
 * - modelIds 50: the models `compare_models` compares (one table row each).
 * - keys 100: the keys of an open object (metadata, a skill's arguments, demo faults).
 */
export const ARG_LIMITS = {
  id: 200,
  name: 200,
  query: 1_000,
  short: 2_000,
  text: 20_000,
  jsonText: 100_000,
  path: 1_024,
  document: 1_000_000,
  fileBase64: 2 * 1024 * 1024,
  items: 100,
  manyItems: 1_000,
  modelIds: 50,
  keys: 100,
} as const;

/** The JSON Schema keyword that states a free JSON value's size limit (JSON Schema has none for "any"). */
export const MAX_JSON_LENGTH_KEYWORD = 'x-max-json-length';

/**
 * Whether a JSON value's serialised length is over `max` characters, measured without
 * serialising and without recursion (input-shape.ts has already capped depth and value count).
 * The measure counts string and key lengths, number digits and one separator per value: close
 * to JSON.stringify's length, never far below it.
 */
export function jsonLengthOver(value: unknown, max: number): boolean {
  const stack: unknown[] = [value];
  let length = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') length += v.length + 3;
    else if (v !== null && typeof v === 'object') {
      length += 2;
      if (Array.isArray(v)) for (const item of v) stack.push(item);
      else
        for (const [k, item] of Object.entries(v)) {
          length += k.length + 3;
          stack.push(item);
        }
    } else length += String(v).length + 1;
    if (length > max) return true;
  }
  return false;
}

/** A free JSON value (a document, a run input, a state result) of at most `max` serialised characters. */
export function boundedJson(max: number = ARG_LIMITS.document) {
  return z
    .unknown()
    .refine((v) => !jsonLengthOver(v, max), { message: `must be at most ${max.toLocaleString('en-GB')} characters as JSON` })
    .meta({ [MAX_JSON_LENGTH_KEYWORD]: max });
}

/**
 * An open object (`z.record`) with at most `maxKeys` keys; zod's record has no such limit, so
 * the refine enforces it and `maxProperties` publishes it in the JSON Schema.
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, maxKeys: number = ARG_LIMITS.keys) {
  return z
    .record(key, value)
    .refine((r) => Object.keys(r).length <= maxKeys, { message: `must have at most ${maxKeys} keys` })
    .meta({ maxProperties: maxKeys });
}

/** Strings of the common sizes, so a field reads as what it is. */
export const idString = () => z.string().max(ARG_LIMITS.id);
export const nameString = () => z.string().max(ARG_LIMITS.name);
export const shortText = () => z.string().max(ARG_LIMITS.short);
export const longText = () => z.string().max(ARG_LIMITS.text);
export const jsonTextString = () => z.string().max(ARG_LIMITS.jsonText);
/** A uuid; `.max(36)` states the length in the JSON Schema (the format's pattern fixes it anyway). */
export const uuidString = () => z.uuid().max(36);
