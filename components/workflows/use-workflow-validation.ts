'use client';
import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { parseJsonWithSourceMap, type JsonParseResult } from './json-source-map';
import type { Finding, ValidationIssue } from './types';

/** How long typing must pause before a parse error is shown or the document is validated. */
export const SETTLE_MS = 600;

/**
 * The Workflows page's document state: the editor text, its local parse (syntax errors never
 * reach the server), which text was last submitted for validation, and the `validate_workflow`
 * and `workflows.compile` queries for it. With `autoValidate`, a parseable document is submitted
 * once typing pauses; `validateNow` submits at once (or surfaces the syntax error).
 */
export function useWorkflowValidation() {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [autoValidate, setAutoValidate] = useState(true);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [forceParseError, setForceParseError] = useState(false);
  const settled = useDebouncedValue(text, SETTLE_MS);

  const parsed: JsonParseResult | null = useMemo(() => (text.trim() ? parseJsonWithSourceMap(text) : null), [text]);
  const isSettled = settled === text;

  useEffect(() => {
    if (autoValidate && isSettled && parsed?.ok) setSubmitted(text);
  }, [autoValidate, isSettled, parsed, text]);

  const edit = (next: string) => {
    setText(next);
    setForceParseError(false);
  };

  const validation = useQuery({
    ...trpc.workflows.validate.queryOptions(submitted !== null ? { workflow: submitted } : skipToken),
    placeholderData: keepPreviousData,
  });
  const report = validation.data?.status === 'ok' ? validation.data : null;
  const submittedDoc = useMemo(() => (submitted !== null ? (JSON.parse(submitted) as unknown) : null), [submitted]);
  const compile = useQuery(
    trpc.workflows.compile.queryOptions(report?.valid && !validation.isPlaceholderData && submittedDoc !== null ? { workflow: submittedDoc } : skipToken),
  );

  const findings = useMemo(() => (report ? toFindings(report.errors, report.warnings) : []), [report]);

  return {
    text,
    edit,
    parsed,
    /** The syntax error to show: once typing pauses, or at once after Validate was pressed. */
    syntaxError: parsed && !parsed.ok && (isSettled || forceParseError) ? parsed.error : null,
    autoValidate,
    setAutoValidate,
    submitted,
    /** True when the shown results belong to an earlier text than the editor's. */
    stale: submitted !== null && submitted !== text,
    validation,
    report,
    findings,
    compile,
    /** Submits the current text (refetching if it is unchanged); returns false when it does not parse. */
    validateNow(): boolean {
      if (!parsed) return false;
      if (!parsed.ok) {
        setForceParseError(true);
        return false;
      }
      if (submitted === text) void validation.refetch();
      else setSubmitted(text);
      return true;
    },
  };
}

export type WorkflowValidation = ReturnType<typeof useWorkflowValidation>;

/**
 * Findings keyed by what they say (severity, pointer, code, message), so a selection survives
 * re-validation as long as the same finding is still reported.
 */
export function toFindings(errors: ValidationIssue[], warnings: ValidationIssue[]): Finding[] {
  const seen = new Map<string, number>();
  const tag = (severity: Finding['severity']) => (issue: ValidationIssue): Finding => {
    const identity = `${severity}|${issue.path}|${issue.code}|${issue.message}`;
    const n = seen.get(identity) ?? 0;
    seen.set(identity, n + 1);
    return { ...issue, severity, key: n ? `${identity}#${n}` : identity };
  };
  return [...errors.map(tag('error')), ...warnings.map(tag('warning'))];
}
