'use client';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TableHead } from '@/components/ui/table-head';
import { scoreText } from './format';
import type { QaAgreement } from './types';

const CELL = 'py-1.5 pr-4 align-top';
const NUM = `${CELL} tabular-nums`;
const pct = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
/** "skill://compliance-analysis@1.3.0" → "compliance-analysis@1.3.0". */
const skillName = (s: string | null) => (s ? s.replace(/^skill:\/\//, '') : 'unknown skill');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="overflow-x-auto">{children}</div>
    </section>
  );
}

const None = ({ what }: { what: string }) => <p className="text-sm text-slate-500">No {what} decision yet.</p>;

function RuleTable({ rows }: { rows: QaAgreement['rules'] }) {
  return (
    <table className="w-full text-left text-sm" data-testid="qa-agreement-rules">
      <TableHead columns={['Rule', 'Skill version', 'Decisions', 'Agreed', 'Overridden', 'Agreement']} />
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={`${r.ruleId}-${r.skill}`}>
            <th scope="row" className={`${CELL} font-mono text-xs font-normal`}>
              {r.ruleId}
            </th>
            <td className={`${CELL} font-mono text-xs text-slate-600`}>{skillName(r.skill)}</td>
            <td className={NUM}>{r.decisions}</td>
            <td className={NUM}>{r.agreed}</td>
            <td className={`${NUM} ${r.overridden ? 'font-medium text-amber-800' : ''}`}>{r.overridden}</td>
            <td className={`${NUM} font-medium`}>{pct(r.agreement)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ScoreTable({ rows }: { rows: QaAgreement['scores'] }) {
  return (
    <table className="w-full text-left text-sm" data-testid="qa-agreement-scores">
      <TableHead columns={['Scoring skill', 'Decisions', 'Agreed', 'Overridden', 'Agreement', 'Mean abs. difference']} />
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={r.skill ?? 'none'}>
            <th scope="row" className={`${CELL} font-mono text-xs font-normal`}>
              {skillName(r.skill)}
            </th>
            <td className={NUM}>{r.decisions}</td>
            <td className={NUM}>{r.agreed}</td>
            <td className={NUM}>{r.overridden}</td>
            <td className={`${NUM} font-medium`}>{pct(r.agreement)}</td>
            <td className={NUM}>{r.meanAbsDiff === null ? '—' : `${scoreText(r.meanAbsDiff)} points`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SkillTable({ rows }: { rows: QaAgreement['skills'] }) {
  return (
    <table className="w-full text-left text-sm" data-testid="qa-agreement-skills">
      <TableHead columns={['Skill version', 'Decisions', 'Overridden', 'Override rate']} />
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={r.skill}>
            <th scope="row" className={`${CELL} font-mono text-xs font-normal`}>
              {skillName(r.skill)}
            </th>
            <td className={NUM}>{r.decisions}</td>
            <td className={NUM}>{r.overridden}</td>
            <td className={`${NUM} font-medium`}>{pct(r.overrideRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * How far reviewers agree with the AI (qa.agreement), per rule and skill version, for the score,
 * and per skill version overall. Every reviewed call counts once per rule (its latest decision).
 */
export function AgreementPanel() {
  const trpc = useTRPC();
  const agreement = useQuery(trpc.qa.agreement.queryOptions());
  if (agreement.isPending) return <LoadingState label="Loading agreement…" />;
  if (agreement.isError) {
    const retry = () => void agreement.refetch();
    return <ErrorState title="Agreement could not be loaded" message={errorMessage(agreement.error)} onRetry={retry} />;
  }
  const { rules, scores, skills } = agreement.data;
  return (
    <div className="space-y-6" data-testid="qa-agreement">
      <p className="text-sm text-slate-600">
        Each reviewed call counts once per rule and once for its score (the reviewer’s latest decision): agreement is the share of decisions
        that kept the AI’s verdict or score, and the mean absolute difference is how many points overridden scores moved on average.
      </p>
      {rules.length === 0 && scores.length === 0 ? (
        <EmptyState title="No review decision yet.">
          Agreement appears here once reviewers agree with or override the AI on a call.
        </EmptyState>
      ) : (
        <>
          <Section title="Rule verdicts">{rules.length ? <RuleTable rows={rules} /> : <None what="rule" />}</Section>
          <Section title="Scores">{scores.length ? <ScoreTable rows={scores} /> : <None what="score" />}</Section>
          <Section title="By skill version (rules and scores together)">
            <SkillTable rows={skills} />
          </Section>
        </>
      )}
    </div>
  );
}
