import { describe, expect, it } from 'vitest';
import { findingsAnswer, planAnswer, plansAnswer, policiesAnswer } from './answers';
import { finding, view } from './test-fixtures';

describe('planning answers', () => {
  it("reads a plan view bare or in the tools' envelope, and no plan as null", () => {
    const v = view();
    expect(planAnswer(v)).toEqual({ ok: true, data: v });
    expect(planAnswer({ status: 'ok', ...v })).toMatchObject({ ok: true, data: { plan: v.plan } });
    expect(planAnswer(null)).toEqual({ ok: true, data: null });
    expect(planAnswer({ status: 'ok', view: null })).toEqual({ ok: true, data: null });
  });

  it('passes a tool failure on as its error', () => {
    expect(planAnswer({ status: 'error', error: 'no access', error_code: 'forbidden' })).toEqual({ ok: false, error: 'no access' });
    expect(plansAnswer({ status: 'error', error: 'down', error_code: 'unavailable' })).toEqual({ ok: false, error: 'down' });
  });

  it('reads lists bare or under their name, and a findings page with its cursor', () => {
    expect(plansAnswer([view()])).toMatchObject({ ok: true, data: [{ plan: {} }] });
    expect(plansAnswer({ status: 'ok', plans: [] })).toEqual({ ok: true, data: [] });
    expect(findingsAnswer({ findings: [finding()], next_cursor: 'c2' })).toMatchObject({
      ok: true,
      data: { next_cursor: 'c2', findings: [{ id: 'f-1' }] },
    });
    expect(findingsAnswer({ findings: [] })).toEqual({ ok: true, data: { findings: [], next_cursor: null } });
    expect(plansAnswer({ status: 'ok' })).toEqual({ ok: false, error: 'The server sent no plans.' });
  });

  it('refuses a report without its figures', () => {
    expect(policiesAnswer({ status: 'ok' }).ok).toBe(false);
    expect(policiesAnswer({ strategies: [], method: 'm' }).ok).toBe(true);
  });
});
