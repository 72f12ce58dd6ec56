import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeEntry } from './durable-stream.ts';

const schema = z.object({ run_id: z.string().min(1), records: z.array(z.object({ callId: z.string() })) });

describe('decodeEntry: a stream entry to its message, or why it has none', () => {
  it('decodes a valid message and keeps the payload as published', () => {
    const raw = JSON.stringify({ run_id: 'r1', records: [{ callId: 'c1' }] });
    expect(decodeEntry(schema, '1-0', ['m', raw])).toEqual({ id: '1-0', message: { run_id: 'r1', records: [{ callId: 'c1' }] }, raw });
  });

  it('finds the payload by its field name, not by a value that happens to read "m"', () => {
    const raw = JSON.stringify({ run_id: 'r1', records: [] });
    expect(decodeEntry(schema, '1-0', ['other', 'm', 'm', raw]).message).toEqual({ run_id: 'r1', records: [] });
    expect(decodeEntry(schema, '1-0', ['other', 'm'])).toEqual({ id: '1-0', malformed: 'no "m" field', raw: null });
  });

  it('calls a payload that is not JSON malformed without quoting it', () => {
    const r = decodeEntry(schema, '2-0', ['m', '{"run_id": "secret customer']);
    expect(r).toEqual({ id: '2-0', malformed: 'not valid JSON (27 characters)', raw: '{"run_id": "secret customer' });
  });

  it('names the fields of a message that fails its schema', () => {
    const r = decodeEntry(schema, '3-0', ['m', JSON.stringify({ run_id: '', records: [{ callId: 7 }] })]);
    expect(r.malformed).toMatch(/^not a valid message: /);
    expect(r.malformed).toContain('run_id:');
    expect(r.malformed).toContain('records.0.callId:');
    expect(r.message).toBeUndefined();
  });
});
