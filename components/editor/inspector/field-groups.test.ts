import { describe, expect, it } from 'vitest';
import { ALLOWED_FIELDS, STATE_TYPES } from '@/server/engine/asl/state-fields';
import { otherFields, otherFieldDefault, unknownFields } from './field-groups';

describe('otherFields', () => {
  it('lists the allowed fields without a control of their own, per type', () => {
    expect(otherFields('Task')).toEqual(['QueryLanguage', 'Credentials']);
    expect(otherFields('Pass')).toEqual(['QueryLanguage']);
    expect(otherFields('Choice')).toEqual(['QueryLanguage']);
    expect(otherFields('Wait')).toEqual(['QueryLanguage']);
    expect(otherFields('Succeed')).toEqual(['QueryLanguage']);
    expect(otherFields('Fail')).toEqual(['QueryLanguage']);
    expect(otherFields('Parallel')).toEqual(['QueryLanguage']);
    expect(otherFields('Map')).toEqual(['QueryLanguage', 'Parameters', 'ItemReader', 'ItemBatcher', 'ResultWriter']);
  });
  it('only ever lists fields the type allows', () => {
    for (const type of STATE_TYPES) for (const f of otherFields(type)) expect(ALLOWED_FIELDS[type].has(f)).toBe(true);
  });
});

describe('unknownFields', () => {
  it('names fields the type does not allow', () => {
    expect(unknownFields('Pass', { Type: 'Pass', End: true, Retry: [], Paramters: {} })).toEqual(['Retry', 'Paramters']);
    expect(unknownFields('Task', { Type: 'Task', Retry: [] })).toEqual([]);
  });
});

describe('otherFieldDefault', () => {
  it('starts each added field with a value of its kind', () => {
    expect(otherFieldDefault('QueryLanguage')).toBe('JSONPath');
    expect(otherFieldDefault('ItemBatcher')).toEqual({ MaxItemsPerBatch: 10 });
    expect(otherFieldDefault('Credentials')).toEqual({});
  });
});
