import { FINDING_TYPES, type FindingType } from '@/lib/planning/schemas';
import { isUuid } from '@/lib/uuid';

/**
 * The Findings page's filter as it lives in the address (pure): `agent`, `type`, `from` and `to`
 * (Europe/London days, both included) and `plan` (the plan whose panel is open). A value that does
 * not parse is dropped and named, so a mangled link still opens a page that says what it left out.
 */
export interface FindingsQuery {
  agent: string | null;
  type: FindingType | null;
  from: string | null;
  to: string | null;
  plan: string | null;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const EMPTY_QUERY: FindingsQuery = { agent: null, type: null, from: null, to: null, plan: null };

export function readFindingsQuery(params: { get(name: string): string | null }): { query: FindingsQuery; ignored: string[] } {
  const ignored: string[] = [];
  const take = <T extends string>(name: string, ok: (v: string) => boolean): T | null => {
    const v = params.get(name);
    if (v === null || v === '') return null;
    if (ok(v)) return v as T;
    ignored.push(name);
    return null;
  };
  const query: FindingsQuery = {
    agent: take('agent', (v) => v.length <= 200),
    type: take<FindingType>('type', (v) => (FINDING_TYPES as readonly string[]).includes(v)),
    from: take('from', (v) => DAY.test(v)),
    to: take('to', (v) => DAY.test(v)),
    plan: take('plan', (v) => isUuid(v)),
  };
  if (query.from && query.to && query.from > query.to) {
    ignored.push('to');
    query.to = null;
  }
  return { query, ignored };
}

/** The address of a query ("/findings?type=BudgetExceeded&from=2024-07-01"), in a fixed order. */
export function findingsHref(q: FindingsQuery): string {
  const p = new URLSearchParams();
  for (const key of ['agent', 'type', 'from', 'to', 'plan'] as const) if (q[key]) p.set(key, q[key]);
  const s = p.toString();
  return s ? `/findings?${s}` : '/findings';
}

/** planning.findings's input for the filter and a page's cursor. */
export function findingsInput(q: FindingsQuery, cursor: string | null, limit: number) {
  return {
    limit,
    ...(q.agent ? { agent_id: q.agent } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(q.from ? { since: q.from } : {}),
    ...(q.to ? { until: q.to } : {}),
    ...(cursor ? { cursor } : {}),
  };
}
