'use client';
import { Badge } from '@/components/ui/badge';
import type { useDocValidation } from '../state/use-doc-validation';

/** Whether the document is valid now: checking, valid, or how many errors and warnings. */
export function ValidityBadge({
  syntaxError,
  validation,
}: {
  syntaxError: string | null;
  validation: ReturnType<typeof useDocValidation>;
}) {
  const errors = validation.findings.filter((f) => f.severity === 'error').length;
  const warnings = validation.findings.length - errors;
  const verdict = syntaxError ? 'syntax' : validation.checking ? 'checking' : validation.valid ? 'valid' : 'invalid';
  return (
    <span
      data-testid="validation-verdict"
      data-valid={verdict === 'valid' ? 'true' : verdict === 'checking' ? 'pending' : 'false'}
      aria-live="polite"
    >
      {verdict === 'syntax' ? (
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
