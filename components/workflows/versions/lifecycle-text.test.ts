import { describe, expect, it } from 'vitest';
import { lifecycleLines, type VersionLifecycleRow } from './lifecycle-text';

const base: VersionLifecycleRow = {
  status: 'draft',
  savedAt: '2024-07-08T09:15:00Z',
  savedByLabel: 'dee@bank.test',
  publishedAt: null,
  publishedByLabel: null,
  retiredAt: null,
  retiredByLabel: null,
  supersededBy: null,
};

describe('lifecycleLines', () => {
  it('a draft shows only when and by whom it was saved, in UK time (BST in July)', () => {
    expect(lifecycleLines(base)).toEqual(['Saved 8 Jul 2024, 10:15 by dee@bank.test']);
  });

  it('a superseded version shows its save, its publication and its retirement with what replaced it (GMT in January)', () => {
    expect(
      lifecycleLines({
        ...base,
        status: 'retired',
        publishedAt: '2025-01-06T09:00:00Z',
        publishedByLabel: 'dan@bank.test',
        retiredAt: '2025-01-20T16:30:00Z',
        retiredByLabel: 'ann@bank.test',
        supersededBy: '1.0.2',
      }),
    ).toEqual([
      'Saved 8 Jul 2024, 10:15 by dee@bank.test',
      'Published 6 Jan 2025, 09:00 by dan@bank.test',
      'Retired 20 Jan 2025, 16:30 by ann@bank.test (superseded by v1.0.2)',
    ]);
  });
});
