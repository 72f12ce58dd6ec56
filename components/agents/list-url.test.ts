import { describe, expect, it } from 'vitest';
import { agentHref, agentListHref, searchFromParams, tagSearchHref } from './list-url';

describe('the Agents list address', () => {
  it('round-trips a search', () => {
    const href = agentListHref({ query: ' session:6f1c alex ', role: 'companion' });
    expect(href).toBe('/agents?q=session%3A6f1c+alex&role=companion');
    expect(searchFromParams(new URL(href, 'http://x').searchParams)).toEqual({ query: 'session:6f1c alex', role: 'companion' });
  });

  it('is /agents for no search and drops an unknown role', () => {
    expect(agentListHref({ query: '  ', role: null })).toBe('/agents');
    expect(searchFromParams(new URLSearchParams('role=admin'))).toEqual({ query: '', role: null });
    expect(searchFromParams(new URLSearchParams('role=other'))).toEqual({ query: '', role: 'other' });
  });

  it('links a tag and an agent', () => {
    expect(tagSearchHref('run:r-1')).toBe('/agents?q=run%3Ar-1');
    expect(agentHref('agent-1')).toBe('/agents/agent-1');
  });
});
