'use client';
import { stateChain } from './json-pointer';
import type { Finding } from './types';

/** Where a finding sits in the current editor text (null when the text does not parse now). */
export type FindingPlace = { line: number; column: number; exact: boolean } | null;

type Props = {
  findings: Finding[];
  selectedKey: string | null;
  place(pointer: string): FindingPlace;
  onSelect(finding: Finding): void;
};

/** Errors, then warnings; each one is a button that pins it to its JSON pointer in the editor. */
export function IssueList({ findings, selectedKey, place, onSelect }: Props) {
  const groups = [
    { severity: 'error' as const, title: 'Errors', items: findings.filter((f) => f.severity === 'error') },
    { severity: 'warning' as const, title: 'Warnings', items: findings.filter((f) => f.severity === 'warning') },
  ].filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;

  return (
    <div className="space-y-4">
      {groups.map((g) => (
        <section key={g.severity} aria-label={g.title}>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {g.title} ({g.items.length})
          </h3>
          <ul className="space-y-1.5">
            {g.items.map((f) => (
              <li key={f.key}>
                <FindingButton finding={f} selected={f.key === selectedKey} where={place(f.path)} onSelect={onSelect} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function FindingButton({
  finding,
  selected,
  where,
  onSelect,
}: {
  finding: Finding;
  selected: boolean;
  where: FindingPlace;
  onSelect(f: Finding): void;
}) {
  const states = stateChain(finding.path);
  const isError = finding.severity === 'error';
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-testid="finding"
      data-pointer={finding.path}
      onClick={() => onSelect(finding)}
      className={`w-full rounded-md border px-3 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500 ${
        selected
          ? isError
            ? 'border-red-400 bg-red-50 ring-1 ring-red-300'
            : 'border-amber-400 bg-amber-50 ring-1 ring-amber-300'
          : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50'
      }`}
    >
      <span className="flex items-start gap-2">
        <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${isError ? 'bg-red-500' : 'bg-amber-500'}`} />
        <span className="min-w-0 flex-1">
          <span className="block text-slate-900">{finding.message}</span>
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500">
            <code className="break-all font-mono text-slate-700">{finding.path === '' ? '(document root)' : finding.path}</code>
            {states.length > 0 && (
              <span>
                State <span className="font-medium text-slate-700">{states.join(' › ')}</span>
              </span>
            )}
            {where && <span>{where.exact ? `line ${where.line}` : `near line ${where.line}`}</span>}
            <span className="font-mono">{finding.code}</span>
          </span>
        </span>
      </span>
    </button>
  );
}
