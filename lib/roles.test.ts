import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '../components/shell/nav-items.ts';
import { ROLES, ROLE_HOMES, homeFor } from './roles.ts';

describe('a home per role', () => {
  it('sends each role where its work is', () => {
    expect(ROLES.map((r) => [r, homeFor(r)])).toEqual([
      ['compliance_manager', '/qa'],
      ['workflow_designer', '/workflows'],
      ['admin', '/runs'],
      ['stakeholder', '/dashboard'],
    ]);
  });

  it('is a section of the console the role may open', () => {
    for (const role of ROLES) {
      const section = NAV_ITEMS.find((item) => item.href === ROLE_HOMES[role]);
      expect(section?.roles, role).toContain(role);
    }
  });
});
