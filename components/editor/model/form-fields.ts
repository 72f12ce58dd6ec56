import { isObject } from '@/server/engine/json';

/** How a workflow input is edited: `object` and `array` are JSON text fields. */
export type FormFieldType = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'date' | 'date-time' | 'object' | 'array';

/** One input of the run form, from one property of `workflow_input_schema`. */
export interface FormField {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  default?: unknown;
  description?: string;
  /** The schema's `format` (`date`, `email`, `uri`, …). */
  format?: string;
  /** The allowed values of an `enum` field. */
  options?: unknown[];
}

/**
 * The run form for a workflow input schema: one field per top-level property, in schema order.
 * The type comes from `enum` (any values), else `type` (a nullable `["string","null"]` counts as
 * its non-null type) with `format: date | date-time` giving date fields; a property without a
 * usable type is a text field. The label is the property's `title`, else its name in words
 * (`advisor_name` → `Advisor name`). A schema without properties gives no fields.
 */
export function formFields(schema: unknown): FormField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const p = isObject(property) ? property : {};
    const format = typeof p.format === 'string' ? p.format : undefined;
    const field: FormField = {
      name,
      label: typeof p.title === 'string' && p.title.trim() ? p.title : humanize(name),
      type: fieldType(p, format),
      required: required.has(name),
    };
    if ('default' in p) field.default = p.default;
    if (typeof p.description === 'string') field.description = p.description;
    if (format) field.format = format;
    if (field.type === 'enum') field.options = [...(p.enum as unknown[])];
    return field;
  });
}

function fieldType(p: Record<string, unknown>, format: string | undefined): FormFieldType {
  if (Array.isArray(p.enum) && p.enum.length > 0) return 'enum';
  const types = Array.isArray(p.type) ? p.type.filter((t) => t !== 'null') : [p.type];
  const type = types.length === 1 ? types[0] : undefined;
  if (type === 'string') return format === 'date' || format === 'date-time' ? format : 'string';
  if (type === 'number' || type === 'integer' || type === 'boolean' || type === 'object' || type === 'array') return type;
  return isObject(p.properties) ? 'object' : 'string';
}

/** `advisor_name` → `Advisor name`, `startDate` → `Start date`. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
