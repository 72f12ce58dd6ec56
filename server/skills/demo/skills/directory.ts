import { londonDay } from '../../../../lib/uk-time.ts';
import type { Advisor, Application, Dataset } from '../dataset/types.ts';
import { arrayArg, SkillError, stringArg, type SkillTool } from './envelope.ts';
import { periodArgs } from './period.ts';

/**
 * crm-directory (skills/crm-directory.json) over the demo dataset: who the advisors are and in
 * which team, which products the applications are for, and how many calls a period holds — what
 * a caller checks before it starts a run (a name the CRM does not know, a period without calls).
 *
 * Names, teams and products match case-insensitively and exactly (after trimming); resolving what
 * someone typed ("alex", "Alex Wang") against `list_advisors` is the caller's work. An unknown
 * team or product is an error (TeamNotFound, ProductNotFound) with the known ones in its message;
 * unknown advisor names in `count_calls` are listed in `unknown_advisors`, never thrown, so one
 * typo does not hide the other names' counts.
 */
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The directory's teams, in first-seen (directory) order. */
const teamsOf = (ds: Dataset) => [...new Set(ds.advisors.map((a) => a.team))];

function teamArg(ds: Dataset, args: Record<string, unknown>): string | undefined {
  const said = stringArg(args, 'team');
  if (said === undefined) return undefined;
  const team = teamsOf(ds).find((t) => same(t, said));
  if (!team) throw new SkillError('TeamNotFound', `no team named "${said}" (known: ${teamsOf(ds).join(', ')})`);
  return team;
}

function productArg(ds: Dataset, args: Record<string, unknown>): string | undefined {
  const said = stringArg(args, 'product');
  if (said === undefined) return undefined;
  const known = productCounts(ds).map((p) => p.name);
  const product = known.find((p) => same(p, said));
  if (!product) throw new SkillError('ProductNotFound', `no product named "${said}" (known: ${known.join(', ')})`);
  return product;
}

/** Every product the applications are for, with how many applications each has; by name. */
function productCounts(ds: Dataset): Array<{ name: string; applications: number }> {
  const counts = new Map<string, number>();
  for (const a of ds.applications) counts.set(a.product, (counts.get(a.product) ?? 0) + 1);
  return [...counts].map(([name, applications]) => ({ name, applications })).sort((a, b) => a.name.localeCompare(b.name));
}

/** `list_advisors {team?}`: the advisors (of one team), and every team of the directory. */
export const listAdvisors: SkillTool = (args, { dataset: ds }) => {
  const team = teamArg(ds, args);
  const advisors = ds.advisors
    .filter((a) => !team || a.team === team)
    .map(({ advisor_id, name, team: t }) => ({ advisor_id, name, team: t }));
  const teams = teamsOf(ds);
  const where = team ? ` in ${team}` : ` in ${plural(teams.length, 'team')}`;
  return { summary: `${plural(advisors.length, 'advisor')}${where}.`, data: { advisors, teams } };
};

/**
 * `list_products {}`: the products of the applications, each with its number of applications, and
 * the compliance rule set the lender's calls of these products are checked against (`rule_set_id`:
 * what a review binds to the compliance skill — the id comes from the lender's data, not from code).
 */
export const listProducts: SkillTool = (_args, { dataset, world }) => {
  const products = productCounts(dataset);
  const summary = `${plural(products.length, 'product')}: ${products.map((p) => p.name).join(', ')}. Rule set: ${world.ruleSetId}.`;
  return { summary, data: { products, rule_set_id: world.ruleSetId } };
};

/** The names as given: a non-empty list of non-empty strings, or undefined when omitted. */
function namesArg(args: Record<string, unknown>): string[] | undefined {
  const names = arrayArg(args, 'advisor_names');
  if (names === undefined) return undefined;
  if (!names.length || !names.every((n): n is string => typeof n === 'string' && n.trim() !== '')) {
    throw new SkillError('InvalidArguments', 'advisor_names must be a non-empty list of names (omit it for every advisor)');
  }
  return names.map((n) => n.trim());
}

/** The advisors a count covers, the names it could not resolve, and named advisors outside the team. */
function scopeOf(ds: Dataset, names: string[] | undefined, team: string | undefined) {
  const inTeam = (a: Advisor) => !team || a.team === team;
  if (!names) return { advisors: ds.advisors.filter(inTeam), unknown: [] as string[], outside: [] as string[] };
  const found = new Map<string, Advisor>();
  const unknown: string[] = [];
  for (const said of names) {
    const advisor = ds.advisors.find((a) => same(a.name, said));
    if (advisor) found.set(advisor.advisor_id, advisor);
    else if (!unknown.some((u) => same(u, said))) unknown.push(said);
  }
  const named = [...found.values()];
  return { advisors: named.filter(inTeam), unknown, outside: named.filter((a) => !inTeam(a)).map((a) => a.name) };
}

/** The London calendar day of an instant (the QA store files calls by it). */

/**
 * The calls RECORDED in the period (by London day), whatever day their application was opened —
 * what the QA queue's call dates count — per advisor, and the earliest opening day among their
 * applications (a review from that day to the period's end analyses every one of them).
 */
function recordedIn(ds: Dataset, advisorIds: Set<string>, start: string, end: string, product: string | undefined) {
  const apps = new Map(ds.applications.map((a) => [a.application_id, a]));
  const perAdvisor = new Map<string, number>();
  let total = 0;
  let earliestOpened: string | null = null;
  for (const r of ds.recordings) {
    const app = apps.get(r.application_id);
    const day = londonDay(r.recorded_at);
    if (!app || !advisorIds.has(app.advisor_id) || day < start || day > end || (product && app.product !== product)) continue;
    perAdvisor.set(app.advisor_id, (perAdvisor.get(app.advisor_id) ?? 0) + 1);
    total += 1;
    if (earliestOpened === null || app.opened_on < earliestOpened) earliestOpened = app.opened_on;
  }
  return { perAdvisor, total, earliestOpened };
}

/**
 * `count_calls {advisor_names?, team?, product?, start_date, end_date}`: the calls of the
 * applications opened in the period (inclusive) — exactly what a review run over that period
 * analyses (get_applications_by_advisor, then their recordings) — per advisor in scope: the named
 * advisors (of the team, when both are given), else the team's, else every advisor.
 */
export const countCalls: SkillTool = (args, { dataset: ds }) => {
  const { start, end } = periodArgs(args);
  const names = namesArg(args);
  const team = teamArg(ds, args);
  const product = productArg(ds, args);
  const scope = scopeOf(ds, names, team);
  const ids = new Set(scope.advisors.map((a) => a.advisor_id));
  const apps = ds.applications.filter(
    (a: Application) => a.opened_on >= start && a.opened_on <= end && ids.has(a.advisor_id) && (!product || a.product === product),
  );
  const advisorOf = new Map(apps.map((a) => [a.application_id, a.advisor_id]));
  const perAdvisor = new Map<string, number>();
  for (const r of ds.recordings) {
    const advisor = advisorOf.get(r.application_id);
    if (advisor) perAdvisor.set(advisor, (perAdvisor.get(advisor) ?? 0) + 1);
  }
  const recorded = recordedIn(ds, ids, start, end, product);
  const by_advisor = scope.advisors.map((a) => ({
    name: a.name,
    calls: perAdvisor.get(a.advisor_id) ?? 0,
    recorded_in_period: recorded.perAdvisor.get(a.advisor_id) ?? 0,
  }));
  const calls = by_advisor.reduce((n, a) => n + a.calls, 0);
  const who = names ? scope.advisors.map((a) => a.name).join(', ') || 'no known advisor' : (team ?? 'every advisor');
  const notes = [
    product ? ` Product: ${product}.` : '',
    scope.outside.length ? ` Not in ${team}: ${scope.outside.join(', ')}.` : '',
    scope.unknown.length ? ` Unknown advisors: ${scope.unknown.join(', ')}.` : '',
  ].join('');
  const counted = `${plural(calls, 'call')} on ${plural(apps.length, 'application')}`;
  const summary = `${counted} opened between ${start} and ${end} for ${who}.${notes}`;
  return {
    summary,
    data: {
      calls,
      applications: apps.length,
      by_advisor,
      unknown_advisors: scope.unknown,
      recorded_in_period: recorded.total,
      earliest_opened: recorded.earliestOpened,
    },
  };
};
