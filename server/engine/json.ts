/**
 * Total (never-throwing) helpers for reading `unknown` JSON. Every validator in the engine reads
 * the document through these so an odd shape degrades into an issue, never into an exception.
 */

/** A plain JSON object: not null, not an array, not a class instance such as Map or Date. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export function hasOwn(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The JSON type name of a value as people say it in messages ("array", "null", "object", ...). */
export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isInteger(value)) return 'integer';
  return typeof value;
}
