'use client';
import { IssueList, type FindingPlace } from '@/components/workflows/issue-list';
import type { Finding } from '@/components/workflows/types';
import type { JsonSyntaxError } from '@/components/workflows/json-source-map';

type Props = {
  findings: readonly Finding[];
  /** Where the text stops being JSON, and why (the canvas keeps the last document that parsed). */
  syntaxError: JsonSyntaxError | null;
  checking: boolean;
  /** Set when the document is unchecked (state/validity.ts): why, and how to ask again (nothing is known of it meanwhile). */
  unchecked: { message: string; retry(): void } | null;
  selectedKey: string | null;
  place(pointer: string): FindingPlace;
  onSelect(finding: Finding): void;
};

/** Validation findings of the current document, each one a button that selects its state and field. */
export function ProblemsPanel({ findings, syntaxError, checking, unchecked, selectedKey, place, onSelect }: Props) {
  return (
    <div className="space-y-3 p-3" data-testid="problems-panel">
      {syntaxError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="parse-error">
          <span className="font-medium">
            Line {syntaxError.line}, column {syntaxError.column}:
          </span>{' '}
          {syntaxError.message}. The canvas shows the last document that parsed.
        </p>
      )}
      {unchecked && (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="check-failed"
        >
          The workflow could not be checked ({unchecked.message}); its problems are not known.{' '}
          <button type="button" onClick={unchecked.retry} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Check again
          </button>
        </p>
      )}
      {unchecked ? null : findings.length === 0 && !syntaxError ? (
        <p className="text-sm text-slate-500">{checking ? 'Checking…' : 'No problems: the workflow is valid.'}</p>
      ) : (
        <IssueList findings={[...findings]} selectedKey={selectedKey} place={place} onSelect={onSelect} />
      )}
    </div>
  );
}
