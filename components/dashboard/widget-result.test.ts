import { describe, expect, it } from 'vitest';
import { widgetResult } from './widget-result';

describe('widgetResult', () => {
  it('reads the contract’s shape bare or in the tools’ envelope', () => {
    expect(widgetResult({ what: 'x', calls: 1 })).toEqual({ ok: true, data: { what: 'x', calls: 1 } });
    expect(widgetResult({ status: 'ok', error: null, what: 'x' })).toMatchObject({ ok: true, data: { what: 'x' } });
  });
  it('gives a failure’s reason', () => {
    expect(widgetResult({ status: 'error', error: 'the knowledge graph cannot be reached', error_code: 'unavailable' })).toEqual({
      ok: false,
      error: 'the knowledge graph cannot be reached',
    });
    expect(widgetResult(null)).toEqual({ ok: false, error: 'The server sent no figures.' });
  });
});
