import { CHAT_ROLES, EVALUATORS, QA_REVIEWERS, ROLES, ROLE_LABELS, type Role } from '@/lib/roles';
import { andList } from '@/lib/list-words';

/**
 * The console's sections. `roles` mirrors what the server allows for the section's main
 * procedures; hiding a link is a courtesy, the tRPC layer is the enforcement.
 */
export type NavItem = { href: string; label: string; roles: readonly Role[]; purpose: string };

const ALL = ROLES;

export const NAV_ITEMS: readonly NavItem[] = [
  {
    // First: reviewing analysed calls is a compliance manager's daily work.
    href: '/qa',
    label: 'QA review',
    roles: ALL,
    purpose:
      'Review the AI’s QA results of advisors’ calls: triage the queue, read each call’s transcript with the ' +
      'evidence behind every rule verdict, and agree with or override the AI and sign the review off (compliance ' +
      'managers and admins).',
  },
  {
    href: '/calibration',
    label: 'Calibration',
    // Mirrors the calibration router (server/trpc/routers/calibration.ts): compliance managers and admins.
    roles: QA_REVIEWERS,
    purpose:
      'Calibration sessions: a lead picks a sample of calls, several reviewers review them blind, and the session shows ' +
      'how far they agree per rule and per reviewer — with each other and with the AI — and ends with notes on the rules.',
  },
  {
    href: '/dashboard',
    label: 'Dashboard',
    roles: ALL,
    purpose:
      'QA scores, compliance with each rule, outcomes for vulnerable customers, coverage and review of the calls, ' +
      'and how reliably the runs went — per week, filtered by period, team, advisor and product, each figure leading ' +
      'to the calls behind it, with tables, CSV/PNG exports and a print view for a board pack.',
  },
  {
    href: '/chat',
    label: 'Chat',
    roles: ['compliance_manager', 'workflow_designer', 'admin'],
    purpose:
      'Talk to the agents: the Planner finds or composes a workflow from the skill catalog, validates it and runs it ' +
      'once you agree (workflow mode); the Conductor hands tasks to Companion agents (delegated mode).',
  },
  {
    href: '/workflows',
    label: 'Workflows',
    roles: ALL,
    purpose: 'Saved Letta-ASL workflows: edit them visually, compare versions, run them.',
  },
  {
    href: '/runs',
    label: 'Runs',
    roles: ALL,
    purpose:
      'Follow workflow runs live, state by state: which worker holds each lease, attempts and retries, each state’s ' +
      'output, and failures with the alternative skill that replaced the failing one.',
  },
  {
    href: '/skills',
    label: 'Skills',
    roles: ALL,
    purpose: 'Browse the skill catalog: tools, parameter schemas, permissions and manifest validity.',
  },
  {
    href: '/graph',
    label: 'Graph',
    roles: ALL,
    purpose:
      'Explore the knowledge graph the learning loop builds from runs: saved workflows with their versions and ' +
      'refinements, the runs of each version, how reliable each skill has been, and the updates health checks ' +
      'propose.',
  },
  {
    href: '/companions',
    label: 'Companions',
    roles: ['admin', 'compliance_manager'],
    purpose:
      'Watch delegated mode live: each Conductor session’s pool of Companion agents, the tasks it hands them from ' +
      'delegation to result, the shared memory they work from, and the advice the Strategist publishes.',
  },
  {
    href: '/agents',
    label: 'Agents',
    roles: ['admin'],
    purpose:
      'Any agent on the platform — Planners, Conductors, Companions, Strategists, workers, sleep-time agents: find ' +
      'it by name, role, tag (session, run) or conversation, read its core memory, tags, tools and recent messages ' +
      'with tool calls, and edit a memory block (every edit is a revision and audited).',
  },
  {
    href: '/findings',
    label: 'Findings',
    roles: ['admin'],
    purpose:
      'What the sentinel found when agents’ tool calls left their declared plans: over budget, off plan, a skill ' +
      'the declared policy would not have chosen, or a special-case trick — by agent, type and period, each with ' +
      'its plan beside what happened.',
  },
  {
    href: '/collaboration',
    label: 'Collaboration',
    roles: ['admin'],
    purpose:
      'Agents working together through the collaboration tools: each session’s participants, the messages and plan ' +
      'updates sent in it, the subtasks delegated with their outcomes, and the ratings agents gave each other.',
  },
  {
    href: '/schedules',
    label: 'Schedules',
    // Mirrors SCHEDULES_ROLES (server/trpc/routers/schedules.ts): whoever may chat sees the jobs they own.
    roles: CHAT_ROLES,
    purpose:
      'Background jobs that dispatch tasks to agents on a schedule (cron or interval), such as a weekly review the ' +
      'Planner scheduled from your chat: when each runs next, its last result and recent runs with the agents’ ' +
      'answers; pause, resume or delete your jobs (admins: every job).',
  },
  {
    href: '/evaluations',
    label: 'Evaluations',
    // Mirrors the evaluations router (server/trpc/routers/evaluations.ts): designers and admins.
    roles: EVALUATORS,
    purpose:
      'How well the agents understand people: each run of an evaluation dataset (conversations with the outcomes ' +
      'expected of them) against a brain, its score, every case with the expectations it missed, and two runs ' +
      'compared case by case — over time, or between the offline brain and a model.',
  },
  {
    href: '/settings',
    label: 'Settings',
    roles: ALL,
    purpose: 'Adapter health, the tool catalogue, and (for admins) users and the audit log.',
  },
];

/** The section a path belongs to (exact href or below it). */
export function navItemFor(href: string): NavItem {
  const item = NAV_ITEMS.find((i) => i.href === href);
  if (!item) throw new Error(`no console section ${href}`);
  return item;
}

/** "Compliance manager, Workflow designer and Admin": roles in prose. */
export function roleListText(roles: readonly Role[]): string {
  return andList(roles.map((r) => ROLE_LABELS[r]));
}
