'use client';
import { Badge } from '@/components/ui/badge';
import type { useDocValidation } from '../state/use-doc-validation';
import { dataValidOf, validityOf } from '../state/validity';

/** Whether the document is valid now: checking, valid, how many errors and warnings, or not checked (and check again). */
export function ValidityBadge({
  syntaxError,
  validation,
}: {
  syntaxError: string | null;
  validation: ReturnType<typeof useDocValidation>;
}) {
  const errors = validation.findings.filter((f) => f.severity === 'error').length;
  const warnings = validation.findings.length - errors;
  const verdict = validityOf({ syntaxError, ...validation });
  return (
    <span
      data-testid="validation-verdict"
      data-valid={dataValidOf(verdict)}
      aria-live="polite"
      className="inline-flex items-center gap-1.5"
    >
      {verdict === 'unchecked' ? (
        <>
          <Badge tone="warn" title={validation.error?.message}>
            Not checked
          </Badge>
          <button
            type="button"
            onClick={validation.retry}
            className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            Check again
          </button>
        </>
      ) : verdict === 'syntax' ? (
        <Badge tone="bad">JSON syntax error</Badge>
      ) : verdict === 'checking' ? (
        <Badge tone="neutral">Checking…</Badge>
      ) : verdict === 'valid' ? (
        <Badge tone="ok">Valid{warnings ? ` · ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : ''}</Badge>
      ) : (
        <Badge tone="bad">
          {errors} {errors === 1 ? 'error' : 'errors'}
          {warnings ? ` · ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : ''}
        </Badge>
      )}
    </span>
  );
}
