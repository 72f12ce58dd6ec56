import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { generateWorkflow } from '@/bench/generate-workflow';
import { plainJsonInput } from './validate-client';

describe('plainJsonInput', () => {
  it('sends a JSON document in the form the server reads back as the same document', () => {
    // As the editor holds it: parsed from text (superjson would also mark objects shared in memory, which text cannot share).
    const doc = JSON.parse(JSON.stringify(generateWorkflow(50))) as unknown;
    const wire = JSON.parse(JSON.stringify(plainJsonInput.serialize(doc))) as Parameters<typeof superjson.deserialize>[0];
    expect(superjson.deserialize(wire)).toEqual(doc);
    // What superjson itself would send for it: the same value, with nothing to annotate.
    expect(superjson.serialize(doc)).toEqual({ json: wire.json });
  });

  it('leaves out undefined members, as the document text does', () => {
    const wire = JSON.parse(JSON.stringify(plainJsonInput.serialize({ a: 1, b: undefined })));
    expect(superjson.deserialize(wire)).toEqual({ a: 1 });
    expect(Object.keys(superjson.deserialize(wire) as object)).toEqual(['a']);
  });
});
