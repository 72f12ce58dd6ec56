import { MIN_SAMPLE, tooFewWords } from '@/lib/min-sample';
import type { ComplianceOverview, CustomerOutcomes, QaTrends, ReviewCoverage } from '@/server/contracts/dashboard-schemas';
import { scoreText } from '@/components/qa/format';
import { qaHref, type DrillScope } from './drill-down';
import { countText, rateText } from './format';

/**
 * The figures a reader looks for first (pure), each with the number of calls it stands on and a
 * link to those calls: calls analysed, the mean score (the advisor's against the team's when
 * one advisor is chosen), calls failing a mandatory rule, vulnerable customers' outcomes against
 * the others', coverage of recorded calls, and how often reviewers agree with the AI.
 * A widget still loading gives no headline (never a placeholder zero). A mean or a rate over
 * fewer than MIN_SAMPLE calls or decisions is still stated (it is the same figure as in the
 * sections, the queue and the chat) but marked `thin`, uncoloured, and says so beneath it: one
 * reviewer's single decision is not "Reviewers agree 0.0%".
 */

/** The fewest calls or decisions a headline mean or rate stands on before it is read as one (shared: lib/min-sample.ts). */
export { MIN_SAMPLE };
export interface Headline {
  id: string;
  label: string;
  value: string;
  /** What the value stands on, in words ("over 48 scored calls"). */
  detail: string;
  href: string | null;
  /** What the link opens, when it is not simply the calls counted. */
  hrefLabel?: string;
  tone?: 'bad' | 'good';
  /** Set when the figure stands on fewer than MIN_SAMPLE: drawn muted, its detail says so. */
  thin?: boolean;
}

/** A mean or rate headline over `n` (calls or decisions): below MIN_SAMPLE it is thin, uncoloured, and says so. */
function sampled(h: Headline, n: number, of: string): Headline {
  if (n >= MIN_SAMPLE) return h;
  const { tone: _tone, ...rest } = h;
  return { ...rest, thin: true, detail: `${h.detail} — ${tooFewWords(of, 'a headline')}` };
}

export interface HeadlineInputs {
  scope: DrillScope;
  trends?: QaTrends;
  compliance?: ComplianceOverview;
  customers?: CustomerOutcomes;
  coverage?: ReviewCoverage;
}

const plural = (n: number, one: string, many = `${one}s`) => `${countText(n)} ${n === 1 ? one : many}`;

export function headlines({ scope, trends, compliance, customers, coverage }: HeadlineInputs): Headline[] {
  const out: Headline[] = [];
  if (trends) {
    out.push({
      id: 'calls',
      label: 'Calls analysed',
      value: countText(trends.calls),
      detail: 'with a stored QA result',
      href: qaHref(scope),
    });
    out.push(meanScore(trends, scope));
  }
  if (compliance) {
    const share = compliance.calls ? compliance.failed_mandatory_calls / compliance.calls : null;
    out.push({
      id: 'failed-mandatory',
      label: 'Failed a mandatory rule',
      value: countText(compliance.failed_mandatory_calls),
      detail: `${rateText(share)} of ${plural(compliance.calls, 'call')}`,
      href: qaHref(scope, { failed_mandatory: true }),
      tone: compliance.failed_mandatory_calls ? 'bad' : undefined,
    });
  }
  if (customers) out.push(vulnerable(customers, scope));
  if (coverage) out.push(...coverageHeadlines(coverage, scope));
  return out;
}

function meanScore(t: QaTrends, scope: DrillScope): Headline {
  const own = scope.filter.advisor ? t.advisors.find((a) => a.advisor.toLowerCase() === scope.filter.advisor!.toLowerCase()) : undefined;
  if (scope.filter.advisor) {
    const headline: Headline = {
      id: 'mean-score',
      label: `Mean QA score, ${scope.filter.advisor}`,
      value: scoreText(own?.mean_score ?? null),
      detail: `over ${plural(own?.scored ?? 0, 'scored call')}; team ${scoreText(t.team_mean)}`,
      href: qaHref(scope),
      tone: own?.vs_team !== null && own?.vs_team !== undefined && own.vs_team < 0 ? 'bad' : undefined,
    };
    return sampled(headline, own?.scored ?? 0, 'calls');
  }
  const scored = t.team.reduce((n, w) => n + w.scored, 0);
  const headline: Headline = {
    id: 'mean-score',
    label: 'Mean QA score',
    value: scoreText(t.team_mean),
    detail: `over ${plural(scored, 'scored call')}`,
    href: qaHref(scope),
  };
  return sampled(headline, scored, 'calls');
}

function vulnerable(c: CustomerOutcomes, scope: DrillScope): Headline {
  const v = c.groups.find((g) => g.group === 'vulnerable' && g.product === null);
  const o = c.groups.find((g) => g.group === 'not_vulnerable' && g.product === null);
  const [vm, om] = [v?.mean_score ?? null, o?.mean_score ?? null];
  const worse = vm !== null && om !== null && vm < om;
  const headline: Headline = {
    id: 'vulnerable',
    label: 'Vulnerable customers: mean score',
    value: `${scoreText(vm)} vs ${scoreText(om)}`,
    detail: `${plural(v?.scored ?? 0, 'scored call')} with a vulnerable customer; ${countText(o?.scored ?? 0)} others`,
    href: qaHref(scope, { vulnerable: true }),
    hrefLabel: 'Open the vulnerable customers’ calls',
    tone: worse ? 'bad' : undefined,
  };
  // A comparison is as thin as its smaller side.
  return sampled(headline, Math.min(v?.scored ?? 0, o?.scored ?? 0), 'calls');
}

function coverageHeadlines(c: ReviewCoverage, scope: DrillScope): Headline[] {
  const recorded =
    c.recorded === null
      ? { value: `${countText(c.analysed)} of ?`, detail: c.recorded_note ?? 'The CRM could not say how many calls were recorded.' }
      : {
          value: rateText(c.recorded ? c.analysed / c.recorded : null),
          detail: `${countText(c.analysed)} of ${plural(c.recorded, 'recorded call')} analysed`,
        };
  const a = c.agreement;
  return [
    { id: 'coverage', label: 'Recorded calls analysed', ...recorded, href: qaHref(scope) },
    sampled(
      {
        id: 'agreement',
        label: 'Reviewers agree with the AI',
        value: rateText(a.rule_rate),
        detail: `on ${plural(a.rule_decisions, 'rule decision')}; ${plural(a.score_overridden, 'score')} overridden of ${countText(a.score_decisions)}`,
        href: qaHref(scope, { overridden: true }),
        hrefLabel: 'Open the calls where a reviewer overrode the AI',
      },
      a.rule_decisions,
      'decisions',
    ),
  ];
}
