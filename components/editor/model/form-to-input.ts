import { isRfc3339Timestamp } from '@/server/engine/asl/timestamp';
import { isObject } from '@/server/engine/json';
import { londonWallInstant } from '@/lib/uk-time';
import type { FormField } from './form-fields';

/** The workflow input, or a message per field that cannot be read. */
export type FormResult = { ok: true; value: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * Reads the run form into a workflow input. `values` holds what the controls hold: text for text,
 * number, date and JSON fields, a boolean (or `"true"`/`"false"`) for checkboxes, the chosen
 * option (or its text) for enums. An empty value (missing, null, or blank text) leaves the field
 * out — an error when it is required. Numbers must be finite (integers whole); dates
 * `YYYY-MM-DD` on the calendar; date-times RFC 3339, or `YYYY-MM-DDTHH:MM[:SS]` without a zone, which
 * is read on London's clock (GMT or BST as the day falls); object and array fields parse as JSON of that
 * kind. Every field is checked, so the form can show all errors at once.
 */
export function formToInput(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): FormResult {
  const value: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      if (field.required) errors[field.name] = `${field.label} is required.`;
      continue;
    }
    const read = readField(field, raw);
    if ('error' in read) errors[field.name] = read.error;
    else value[field.name] = read.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

type Read = { value: unknown } | { error: string };

function readField(field: FormField, raw: unknown): Read {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (field.type) {
    case 'string':
      return { value: typeof raw === 'string' ? raw : String(raw) };
    case 'number':
    case 'integer': {
      const n =
        typeof text === 'number'
          ? text
          : typeof text === 'string' && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)
            ? Number(text)
            : Number.NaN;
      if (!Number.isFinite(n)) return { error: 'Enter a number.' };
      return field.type === 'integer' && !Number.isInteger(n) ? { error: 'Enter a whole number.' } : { value: n };
    }
    case 'boolean':
      if (text === true || text === 'true') return { value: true };
      if (text === false || text === 'false') return { value: false };
      return { error: 'Choose yes or no.' };
    case 'enum': {
      // A <select> hands over text: a non-string option matches its JSON text ("3", "true", "null").
      const options = field.options ?? [];
      const at = options.findIndex((o) => o === raw || (typeof o !== 'string' && typeof raw === 'string' && JSON.stringify(o) === text));
      return at >= 0
        ? { value: options[at] }
        : { error: `Choose one of: ${options.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join(', ')}.` };
    }
    case 'date':
      return typeof text === 'string' && isCalendarDate(text) ? { value: text } : { error: 'Enter a day as dd/mm/yyyy.' };
    case 'date-time': {
      if (typeof text !== 'string') return { error: 'Enter a day and a time, e.g. 01/07/2024 09:00.' };
      // A date-time without a zone is London's clock, as the page's field shows it (lib/uk-time.ts londonWallInstant).
      const instant = londonWallInstant(text) ?? text;
      return isRfc3339Timestamp(instant) ? { value: instant } : { error: 'Enter a day and a time, e.g. 01/07/2024 09:00.' };
    }
    case 'object':
    case 'array':
      return readJson(field.type, raw);
  }
}

function readJson(type: 'object' | 'array', raw: unknown): Read {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch (e) {
      return { error: `Not valid JSON: ${(e as Error).message}` };
    }
  }
  if (type === 'object' ? !isObject(parsed) : !Array.isArray(parsed)) return { error: `Enter a JSON ${type}.` };
  return { value: parsed };
}

/** `YYYY-MM-DD` naming a real day (no February 30th). */
function isCalendarDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isRfc3339Timestamp(`${text}T00:00:00Z`);
}
