import { describe, expect, it } from 'vitest';
import { parseVersionRef } from '@/components/workflows/editor-links';
import { compareLink } from './compare-link';

const sides = (href: string) => {
  const q = new URLSearchParams(href.split('?')[1]);
  return [parseVersionRef(q.get('left'))?.version, parseVersionRef(q.get('right'))?.version];
};

describe('compareLink', () => {
  const saved = [
    { workflowId: 'w', version: '1.0.0' },
    { workflowId: 'w', version: '1.10.0' },
    { workflowId: 'w', version: '1.2.0' },
    { workflowId: 'other', version: '1.9.0' },
    { workflowId: 'w', version: '2.0.0' },
  ];

  it('compares a version with the one before it (by semver, in the same workflow)', () => {
    expect(sides(compareLink({ workflow_id: 'w', version: '2.0.0' }, saved))).toEqual(['1.10.0', '2.0.0']);
    expect(sides(compareLink({ workflow_id: 'w', version: '1.10.0' }, saved))).toEqual(['1.2.0', '1.10.0']);
  });

  it('compares a first version with itself (the page then offers the others)', () => {
    expect(sides(compareLink({ workflow_id: 'w', version: '1.0.0' }, saved))).toEqual(['1.0.0', '1.0.0']);
    expect(sides(compareLink({ workflow_id: 'w', version: '1.0.0' }, []))).toEqual(['1.0.0', '1.0.0']);
  });
});
