import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { testContext } from './__fixtures__/context.ts';
import { mapItemInput, mapItems, mapProcessor, maxConcurrency } from './map.ts';

const context = testContext();
const input = { orders: [{ id: 1 }, { id: 2 }], shared: 'S', notArray: { a: 1 }, limit: 4 };
const processor = { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } };

describe('mapItems', () => {
  it('ItemsPath selects the array', () => {
    expect(mapItems({ Type: 'Map', ItemsPath: '$.orders' }, input, context)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('defaults to the whole effective input', () => {
    expect(mapItems({ Type: 'Map' }, [1, 2, 3], context)).toEqual([1, 2, 3]);
  });

  it('can read the items from the context', () => {
    expect(mapItems({ Type: 'Map', ItemsPath: '$$.Execution.Input.order.lines' }, {}, context)).toEqual([1, 2]);
  });

  it.each([
    ['a non-array', { ItemsPath: '$.notArray' }, 'ItemsPath "$.notArray" must select an array, got an object'],
    ['the default $ on an object', {}, 'ItemsPath "$" must select an array, got an object'],
    ['a path naming nothing', { ItemsPath: '$.nope' }, 'could not be found'],
    ['ItemBatcher', { ItemBatcher: { MaxItemsPerBatch: 2 } }, 'ItemBatcher'],
  ])('%s is States.Runtime', (_name, fields, cause) => {
    const e = failure(() => mapItems({ Type: 'Map', ...fields }, input, context));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toContain(cause);
  });

  it('ItemReader is States.ItemReaderFailed', () => {
    expect(failure(() => mapItems({ Type: 'Map', ItemReader: { Resource: 'arn:aws:states:::s3:getObject' } }, input, context)).error).toBe(
      'States.ItemReaderFailed',
    );
  });
});

describe('mapItemInput', () => {
  const selector = {
    'index.$': '$$.Map.Item.Index',
    'item.$': '$$.Map.Item.Value',
    'shared.$': '$.shared',
    'exec.$': '$$.Execution.Name',
    fixed: 1,
  };

  it('without a selector the item itself', () => {
    expect(mapItemInput({ Type: 'Map' }, input, { id: 2 }, 1, context)).toEqual({ id: 2 });
  });

  it('ItemSelector sees the Map input as $ and the item in $$.Map.Item', () => {
    expect(mapItemInput({ Type: 'Map', ItemSelector: selector }, input, { id: 2 }, 1, context)).toEqual({
      index: 1,
      item: { id: 2 },
      shared: 'S',
      exec: 'run-1',
      fixed: 1,
    });
  });

  it('legacy Parameters works as ItemSelector', () => {
    expect(mapItemInput({ Type: 'Map', Parameters: { 'v.$': '$$.Map.Item.Value.id' } }, input, { id: 9 }, 0, context)).toEqual({ v: 9 });
  });

  it('does not modify the context it was given', () => {
    mapItemInput({ Type: 'Map', ItemSelector: selector }, input, 1, 0, context);
    expect(context.Map).toBeUndefined();
  });
});

describe('mapProcessor', () => {
  it('returns ItemProcessor, or the legacy Iterator', () => {
    expect(mapProcessor({ Type: 'Map', ItemProcessor: { ...processor, ProcessorConfig: { Mode: 'INLINE' } } })).toEqual(processor);
    expect(mapProcessor({ Type: 'Map', Iterator: processor })).toEqual(processor);
  });

  it('a Map without a processor is States.Runtime', () => {
    expect(failure(() => mapProcessor({ Type: 'Map' })).error).toBe('States.Runtime');
  });
});

describe('maxConcurrency', () => {
  it.each([
    ['absent', {}, Infinity],
    ['0', { MaxConcurrency: 0 }, Infinity],
    ['1', { MaxConcurrency: 1 }, 1],
    ['10', { MaxConcurrency: 10 }, 10],
  ])('%s', (_name, fields, expected) => {
    expect(maxConcurrency({ Type: 'Map', ...fields })).toBe(expected);
  });

  it('MaxConcurrencyPath reads the input', () => {
    expect(maxConcurrency({ Type: 'Map', MaxConcurrencyPath: '$.limit' }, input, context)).toBe(4);
    expect(failure(() => maxConcurrency({ Type: 'Map', MaxConcurrencyPath: '$.shared' }, input, context)).cause).toContain(
      'non-negative integer',
    );
    expect(failure(() => maxConcurrency({ Type: 'Map', MaxConcurrencyPath: '$.limit' })).cause).toContain('needs the state input');
  });
});
