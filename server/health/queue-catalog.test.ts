import { describe, expect, it } from 'vitest';
import { CONSOLIDATION_QUEUE } from '../app/consolidation.ts';
import { ANCHOR_QUEUE } from '../app/audit-anchoring.ts';
import { LETTA_SYNC_QUEUE } from '../app/letta-session-sync.ts';
import { HEALTH_QUEUES } from './queue-catalog.ts';

describe('the health page queue catalogue', () => {
  it('names the composition root’s queues exactly as they are defined', () => {
    const names = HEALTH_QUEUES.map((q) => q.name);
    for (const q of [CONSOLIDATION_QUEUE, ANCHOR_QUEUE, LETTA_SYNC_QUEUE]) expect(names).toContain(q);
  });

  it('lists each queue once', () => {
    const names = HEALTH_QUEUES.map((q) => q.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
