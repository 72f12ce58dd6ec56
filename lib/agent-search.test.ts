import { describe, expect, it } from 'vitest';
import { agentRoleOf } from './agent-roles.ts';
import { parseAgentQuery, searchAgents, type SearchableAgent } from './agent-search.ts';

const agent = (id: string, created: string, tags: string[], extra: Partial<SearchableAgent> = {}): SearchableAgent => ({
  id,
  name: `${id}-name`,
  template: null,
  tags,
  created_at: created,
  ...extra,
});

const AGENTS: SearchableAgent[] = [
  agent('agent-p', '2024-07-08T09:00:00Z', ['role:planner', 'conversation:c-1'], {
    template: 'planner@1.0.0',
    conversation: { title: 'Alex Wong last week', owner_email: 'casey@demo.dcf', owner_name: 'Casey' },
  }),
  agent('agent-c', '2024-07-08T10:00:00Z', ['role:conductor', 'session:6f1c2d'], { template: 'conductor@1.0.0' }),
  agent('agent-s', '2024-07-08T10:00:01Z', ['role:strategist', 'session:6f1c2d']),
  agent('agent-w', '2024-07-08T08:00:00Z', ['role:worker', 'run:r-9', 'state:Transcribe']),
  agent('agent-x', '2024-07-08T07:00:00Z', ['custom']),
];

describe('agentRoleOf', () => {
  it('reads the role tag, else the template, else none', () => {
    expect(agentRoleOf({ tags: ['dcf-worker', 'role:worker'], template: 'worker@1.0.0' })).toBe('worker');
    expect(agentRoleOf({ tags: ['role:sleeptime'], template: 'planner@1.0.0' })).toBe('sleeptime');
    expect(agentRoleOf({ tags: [], template: 'companion@1.0.0' })).toBe('companion');
    expect(agentRoleOf({ tags: ['role:reviewer'], template: 'reviewer@2.0.0' })).toBeNull();
    expect(agentRoleOf({ tags: [], template: null })).toBeNull();
  });
});

describe('parseAgentQuery', () => {
  it('splits tags (key:value), words and quoted phrases, lower-cased', () => {
    expect(parseAgentQuery('  Session:6F1C  alex "Last Week" 09:00 ')).toEqual({
      tags: ['session:6f1c'],
      words: ['alex', 'last week', '09:00'],
    });
    expect(parseAgentQuery('')).toEqual({ tags: [], words: [] });
    expect(parseAgentQuery('""')).toEqual({ tags: [], words: [] });
  });
});

describe('searchAgents', () => {
  const ids = (r: { agents: SearchableAgent[] }) => r.agents.map((a) => a.id);

  it('lists everything newest first, with counts per role', () => {
    const r = searchAgents(AGENTS, { limit: 10 });
    expect(ids(r)).toEqual(['agent-s', 'agent-c', 'agent-p', 'agent-w', 'agent-x']);
    expect(r.total).toBe(5);
    expect(r.roles).toEqual({ planner: 1, conductor: 1, companion: 0, strategist: 1, worker: 1, sleeptime: 0, other: 1 });
  });

  it('matches a tag exactly or by its start, never in the middle', () => {
    expect(ids(searchAgents(AGENTS, { text: 'session:6f1c', limit: 10 }))).toEqual(['agent-s', 'agent-c']);
    expect(ids(searchAgents(AGENTS, { text: 'run:r-9', limit: 10 }))).toEqual(['agent-w']);
    expect(ids(searchAgents(AGENTS, { text: 'session:1c2d', limit: 10 }))).toEqual([]);
  });

  it('matches every word somewhere: name, id, template, role label, tag, conversation title or owner', () => {
    expect(ids(searchAgents(AGENTS, { text: 'alex casey', limit: 10 }))).toEqual(['agent-p']);
    expect(ids(searchAgents(AGENTS, { text: 'Strategist', limit: 10 }))).toEqual(['agent-s']);
    expect(ids(searchAgents(AGENTS, { text: 'transcribe', limit: 10 }))).toEqual(['agent-w']);
    expect(ids(searchAgents(AGENTS, { text: 'conductor@1', limit: 10 }))).toEqual(['agent-c']);
    expect(ids(searchAgents(AGENTS, { text: '"wong last"', limit: 10 }))).toEqual(['agent-p']);
    expect(ids(searchAgents(AGENTS, { text: '"last alex"', limit: 10 }))).toEqual([]);
  });

  it('filters by role (or none of ours) after counting, and pages', () => {
    const r = searchAgents(AGENTS, { text: 'session:6f1c', role: 'conductor', limit: 10 });
    expect(ids(r)).toEqual(['agent-c']);
    expect(r.total).toBe(1);
    expect(r.roles).toMatchObject({ conductor: 1, strategist: 1 });
    expect(ids(searchAgents(AGENTS, { role: 'other', limit: 10 }))).toEqual(['agent-x']);
    const page2 = searchAgents(AGENTS, { offset: 2, limit: 2 });
    expect(ids(page2)).toEqual(['agent-p', 'agent-w']);
    expect(page2.total).toBe(5);
  });
});
