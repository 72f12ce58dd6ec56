'use client';
import { useId, type ReactNode } from 'react';
import type { Finding } from '@/components/workflows/types';
import { useInspector } from './inspector-context';
import { besideOwnError, findingsUnder } from './state-findings';

/** What a field hands its control: its id and the ids of the texts that describe it. */
export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };

type FieldProps = {
  /** The JSON pointer of the value the control edits: findings there are shown, a finding there is focused. */
  at: string;
  label: ReactNode;
  help?: ReactNode;
  /** Why the typed text was not written (not JSON, not a number, a bad path). */
  error?: string | null;
  /** Members of `at` that have controls of their own (their findings are shown there). */
  except?: readonly string[];
  /** Label and control side by side (checkboxes). */
  inline?: boolean;
  /** Show no findings (another part of the inspector shows those of `at`). */
  quiet?: boolean;
  children(control: ControlProps): ReactNode;
};

/**
 * One labelled control: label, control, help text, the reason a typed text was not written, and
 * the validation findings of its value — all tied to the control with aria-describedby.
 */
export function Field({ at, label, help, error, except, inline, quiet, children }: FieldProps) {
  const id = useId();
  const all = besideOwnError(findingsUnder(useInspector().findings, at, except), at, !!error);
  const findings = quiet ? [] : all;
  const ids = describedBy(id, !!help, !!error, findings.length > 0);
  const control = children({
    id,
    ...(ids ? { 'aria-describedby': ids } : {}),
    ...(error || findings.some((f) => f.severity === 'error') ? { 'aria-invalid': true } : {}),
  });
  return (
    <div className="space-y-1" data-pointer={at}>
      {inline ? (
        <div className="flex items-center gap-2">
          {control}
          <label htmlFor={id} className="text-sm text-slate-800">
            {label}
          </label>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="block text-xs font-medium text-slate-700">
            {label}
          </label>
          {control}
        </>
      )}
      <Notes id={id} help={help} error={error} findings={findings} />
    </div>
  );
}

/**
 * A group of controls under one legend (radio groups, lists) with the findings of `at` under it —
 * or none (`quiet`: controls inside show them), or the list `shown`.
 */
export function FieldGroup({
  at,
  legend,
  help,
  except,
  actions,
  quiet,
  shown,
  children,
}: {
  at: string;
  legend: ReactNode;
  help?: ReactNode;
  except?: readonly string[];
  actions?: ReactNode;
  quiet?: boolean;
  shown?: readonly Finding[];
  children: ReactNode;
}) {
  const id = useId();
  const all = findingsUnder(useInspector().findings, at, except);
  const findings = shown ?? (quiet ? [] : all);
  return (
    <fieldset className="min-w-0 space-y-1.5" data-pointer={at} aria-describedby={describedBy(id, !!help, false, findings.length > 0)}>
      <div className="flex items-center justify-between gap-2">
        <legend className="text-xs font-medium text-slate-700">{legend}</legend>
        {actions}
      </div>
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      )}
      {children}
      <Notes id={id} findings={findings} />
    </fieldset>
  );
}

function describedBy(id: string, help: boolean, error: boolean, findings: boolean): string | undefined {
  return [help && `${id}-help`, error && `${id}-error`, findings && `${id}-findings`].filter(Boolean).join(' ') || undefined;
}

/** Help, the typed text's error and the value's findings, with the ids a control points at. */
function Notes({ id, help, error, findings }: { id: string; help?: ReactNode; error?: string | null; findings: readonly Finding[] }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
      {findings.length > 0 && <FindingList id={`${id}-findings`} findings={findings} />}
    </>
  );
}

/** Validation findings as short lines: errors red, warnings amber, each with its code. */
export function FindingList({ id, findings }: { id?: string; findings: readonly Finding[] }) {
  return (
    <ul id={id} className="space-y-0.5" data-testid="field-findings">
      {findings.map((f) => (
        <li key={f.key} className={`text-xs ${f.severity === 'error' ? 'text-red-700' : 'text-amber-800'}`}>
          <span className="font-medium">{f.severity === 'error' ? 'Error' : 'Warning'}:</span> {f.message}{' '}
          <span className="font-mono text-[10px] opacity-70">{f.code}</span>
        </li>
      ))}
    </ul>
  );
}
