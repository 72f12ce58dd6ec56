import { describe, expect, it } from 'vitest';
import { RUN_STATUSES } from '@/lib/run-list';
import { ROLES } from '@/lib/roles';
import { runActionsFor } from './run-actions';

describe('runActionsFor', () => {
  it('gives runners Cancel for a running run and Redrive for one that ended badly', () => {
    for (const role of ['workflow_designer', 'compliance_manager', 'admin'] as const) {
      expect(Object.fromEntries(RUN_STATUSES.map((s) => [s, runActionsFor(role, s)]))).toEqual({
        RUNNING: ['cancel'],
        SUCCEEDED: [],
        FAILED: ['redrive'],
        TIMED_OUT: ['redrive'],
        ABORTED: ['redrive'],
      });
    }
  });

  it('gives stakeholders nothing', () => {
    for (const s of RUN_STATUSES) expect(runActionsFor('stakeholder', s)).toEqual([]);
    expect(ROLES.filter((r) => runActionsFor(r, 'RUNNING').length > 0)).toEqual(['compliance_manager', 'workflow_designer', 'admin']);
  });
});
