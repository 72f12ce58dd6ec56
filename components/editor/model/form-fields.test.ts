import { describe, expect, it } from 'vitest';
import { formFields, humanize, type FormField } from './form-fields';
import { formToInput } from './form-to-input';

const specSchema = {
  type: 'object',
  properties: {
    advisor_name: { type: 'string', description: 'Full name' },
    start_date: { type: 'string', format: 'date' },
    end_date: { type: 'string', format: 'date' },
  },
  required: ['advisor_name', 'start_date', 'end_date'],
};

describe('formFields', () => {
  it('reads the spec workflow input schema', () => {
    expect(formFields(specSchema)).toEqual([
      { name: 'advisor_name', label: 'Advisor name', type: 'string', required: true, description: 'Full name' },
      { name: 'start_date', label: 'Start date', type: 'date', required: true, format: 'date' },
      { name: 'end_date', label: 'End date', type: 'date', required: true, format: 'date' },
    ]);
  });

  it.each<[string, Record<string, unknown>, Partial<FormField>]>([
    ['number', { type: 'number', default: 0.5 }, { type: 'number', default: 0.5 }],
    ['integer', { type: 'integer' }, { type: 'integer' }],
    ['boolean', { type: 'boolean', default: false }, { type: 'boolean', default: false }],
    ['enum', { type: 'string', enum: ['a', 'b'] }, { type: 'enum', options: ['a', 'b'] }],
    ['enum without type', { enum: [1, null] }, { type: 'enum', options: [1, null] }],
    ['date-time', { type: 'string', format: 'date-time' }, { type: 'date-time', format: 'date-time' }],
    ['email', { type: 'string', format: 'email' }, { type: 'string', format: 'email' }],
    ['object', { type: 'object' }, { type: 'object' }],
    ['properties without type', { properties: {} }, { type: 'object' }],
    ['array', { type: 'array', items: { type: 'string' } }, { type: 'array' }],
    ['nullable', { type: ['integer', 'null'] }, { type: 'integer' }],
    ['no type', {}, { type: 'string' }],
    ['a title', { type: 'string', title: 'Who' }, { label: 'Who' }],
  ])('%s', (_what, property, expected) => {
    expect(formFields({ properties: { x: property } })[0]).toMatchObject(expected);
  });

  it.each([null, 'x', { type: 'object' }, { properties: [] }])('gives no fields for %j', (schema) => {
    expect(formFields(schema)).toEqual([]);
  });

  it.each([
    ['advisor_name', 'Advisor name'],
    ['startDate', 'Start date'],
    ['max-calls', 'Max calls'],
    ['URL', 'Url'],
    ['_', '_'],
  ])('humanizes %s', (name, label) => {
    expect(humanize(name)).toBe(label);
  });
});

describe('formToInput', () => {
  const fields = formFields({
    properties: {
      name: { type: 'string' },
      count: { type: 'integer' },
      ratio: { type: 'number' },
      flag: { type: 'boolean' },
      level: { enum: ['low', 'high', 3] },
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'date-time' },
      options: { type: 'object' },
      ids: { type: 'array' },
    },
    required: ['name', 'day'],
  });

  it('coerces every type', () => {
    expect(
      formToInput(fields, {
        name: ' Alex Wong ',
        count: '4',
        ratio: '0.25',
        flag: true,
        level: '3',
        day: '2024-07-01',
        at: '2024-07-01T09:30',
        options: '{"a":1}',
        ids: '[1,2]',
      }),
    ).toEqual({
      ok: true,
      value: {
        name: ' Alex Wong ',
        count: 4,
        ratio: 0.25,
        flag: true,
        level: 3,
        day: '2024-07-01',
        at: '2024-07-01T08:30:00Z', // 09:30 on London's clock, in BST
        options: { a: 1 },
        ids: [1, 2],
      },
    });
  });

  it('leaves out empty optional fields and keeps typed values as they are', () => {
    expect(
      formToInput(fields, {
        name: 'A',
        day: '2024-02-29',
        count: '',
        flag: 'false',
        ratio: 2,
        level: 'low',
        at: '2024-07-01T09:30:00+01:00',
      }),
    ).toEqual({
      ok: true,
      value: { name: 'A', day: '2024-02-29', flag: false, ratio: 2, level: 'low', at: '2024-07-01T09:30:00+01:00' },
    });
  });

  it('reports every problem at once', () => {
    expect(
      formToInput(fields, {
        name: '  ',
        count: '4.5',
        ratio: '1e400',
        flag: 'maybe',
        level: 'mid',
        day: '2023-02-29',
        at: 'tomorrow',
        options: '[1]',
        ids: '{oops',
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Name is required.',
        count: 'Enter a whole number.',
        ratio: 'Enter a number.',
        flag: 'Choose yes or no.',
        level: 'Choose one of: low, high, 3.',
        day: 'Enter a day as dd/mm/yyyy.',
        at: 'Enter a day and a time, e.g. 01/07/2024 09:00.',
        options: 'Enter a JSON object.',
        ids: expect.stringMatching(/^Not valid JSON: /),
      },
    });
  });

  it.each([
    ['12abc', 'Enter a number.'],
    ['0x10', 'Enter a number.'],
    ['Infinity', 'Enter a number.'],
  ])('rejects %j as a number', (text, message) => {
    expect(formToInput(formFields({ properties: { n: { type: 'number' } } }), { n: text })).toEqual({ ok: false, errors: { n: message } });
  });
});
