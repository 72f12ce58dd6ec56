import type { ActivePlan } from './active-plan.ts';

/**
 * The general method of choosing a skill (BLP, the sentinel's BLPViolation): read the catalog
 * for the capability, or let the policy choose. The tools that are it, and what each consults:
 * - get_skillset: the catalog — of the capability named by `tag`, else all of it;
 * - get_skill_reliability: the arms' counts the policy weighs — of `capability`, else all;
 * - compare_policies: the policies themselves, for every capability;
 * - update_workflow_control_plane without `skill` while a state runs: the skill policy chose
 *   the swap (DCF_SKILL_POLICY), for every capability.
 */
export const GENERAL_METHOD_TOOLS: ReadonlySet<string> = new Set([
  'get_skillset',
  'get_skill_reliability',
  'compare_policies',
  'update_workflow_control_plane',
]);

/** Notes what a general-method call consulted; a no-op for other tools (a Set lookup). */
export function noteGeneralMethod(a: ActivePlan, toolName: string, args: unknown): void {
  if (!GENERAL_METHOD_TOOLS.has(toolName)) return;
  const x = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const named = (v: unknown) => (typeof v === 'string' && v ? v : null);
  switch (toolName) {
    case 'get_skillset':
      a.consulted.add(named(x.tag) ?? '*');
      return;
    case 'get_skill_reliability':
      a.consulted.add(named(x.capability) ?? '*');
      return;
    case 'update_workflow_control_plane':
      if (x.skill === undefined && x.status === 'running') a.consulted.add('*');
      return;
    default:
      a.consulted.add('*');
  }
}

export const consultedFor = (consulted: ReadonlySet<string>, capability: string): boolean =>
  consulted.has('*') || consulted.has(capability);
