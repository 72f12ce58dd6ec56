import { describe, expect, it } from 'vitest';
import { groupVersions, matchesSearch, type SavedVersionRow } from './group-versions';

const row = (workflowId: string, version: string, savedAt: string, extra: Partial<SavedVersionRow> = {}): SavedVersionRow => ({
  workflowId,
  version,
  createdAt: '2024-07-08T09:15:00Z',
  name: `W ${workflowId}`,
  description: '',
  tags: [],
  skills: [],
  states: [],
  author: null,
  note: null,
  parentWorkflowId: null,
  parentVersion: null,
  relation: null,
  status: 'draft',
  savedAt,
  savedByLabel: 'dee@bank.test',
  publishedAt: null,
  publishedByLabel: null,
  retiredAt: null,
  retiredByLabel: null,
  supersededBy: null,
  ...extra,
});

describe('groupVersions', () => {
  it('groups by workflow, versions highest first, workflows by their latest save', () => {
    const groups = groupVersions([
      row('a', '1.0.0', '2024-07-01T00:00:00Z'),
      row('b', '1.0.0', '2024-07-02T00:00:00Z'),
      row('a', '1.0.10', '2024-07-03T00:00:00Z'),
      row('a', '1.0.9', '2024-07-02T12:00:00Z'),
    ]);
    expect(groups.map((g) => g.workflowId)).toEqual(['a', 'b']);
    expect(groups[0]!.versions.map((v) => v.version)).toEqual(['1.0.10', '1.0.9', '1.0.0']);
    expect(groups[0]!.latest.version).toBe('1.0.10');
  });

  it('searches names, tags, skills and state names', () => {
    const [g] = groupVersions([
      row('a', '1.0.0', '2024-07-01T00:00:00Z', {
        name: 'HELOC check',
        tags: ['qa'],
        skills: ['skill://diarization@1.0.0'],
        states: ['SegmentCall'],
      }),
    ]);
    expect(matchesSearch(g!, 'heloc')).toBe(true);
    expect(matchesSearch(g!, 'DIARIZ')).toBe(true);
    expect(matchesSearch(g!, 'segmentcall')).toBe(true);
    expect(matchesSearch(g!, '  ')).toBe(true);
    expect(matchesSearch(g!, 'whisper')).toBe(false);
  });
});
