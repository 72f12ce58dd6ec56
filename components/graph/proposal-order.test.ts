import { describe, expect, it } from 'vitest';
import { sortProposals } from './proposal-order';

describe('sortProposals', () => {
  it('lists pending proposals first, each group newest first', () => {
    const list = [
      { id: 'a', status: 'accepted', createdAt: '2024-07-20T00:00:00.000Z' },
      { id: 'b', status: 'pending', createdAt: '2024-07-10T00:00:00.000Z' },
      { id: 'c', status: 'rejected', createdAt: '2024-07-15T00:00:00.000Z' },
      { id: 'd', status: 'pending', createdAt: '2024-07-12T00:00:00.000Z' },
    ];
    expect(sortProposals(list).map((p) => p.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(list[0]!.id).toBe('a'); // the input is not reordered
  });
});
