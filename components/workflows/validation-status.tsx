'use client';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import type { WorkflowValidation } from './use-workflow-validation';

const BOX = 'rounded-lg border px-4 py-3 text-sm';

/**
 * The one-line verdict for the document in the editor: nothing yet, a syntax error (found
 * locally), validating, a tool failure, or valid/invalid with counts. Announced politely so a
 * screen-reader user hears the verdict change while typing.
 */
export function ValidationStatus({ v, onRevealSyntax }: { v: WorkflowValidation; onRevealSyntax(): void }) {
  const { parsed, syntaxError, report, validation, stale } = v;

  const body = (() => {
    if (!parsed) return <p className={`${BOX} border-slate-200 bg-slate-50 text-slate-600`}>No document yet. Paste a workflow, open or drop a .json file, or load an example.</p>;
    if (syntaxError) {
      return (
        <div className={`${BOX} border-red-200 bg-red-50 text-red-800`} data-testid="parse-error">
          <p className="font-semibold">Not valid JSON</p>
          <p className="mt-1">
            Line {syntaxError.line}, column {syntaxError.column}: {syntaxError.message}
          </p>
          <button type="button" onClick={onRevealSyntax} className="mt-2 font-medium underline underline-offset-2">
            Show in editor
          </button>
        </div>
      );
    }
    if (!parsed.ok) return <p className={`${BOX} border-slate-200 bg-slate-50 text-slate-600`}>Editing…</p>;
    if (v.submitted === null) {
      return <p className={`${BOX} border-slate-200 bg-slate-50 text-slate-600`}>{v.autoValidate ? 'Validating shortly…' : 'Ready. Press Validate to check the workflow.'}</p>;
    }
    if (validation.isError) return <ErrorState title="Validation request failed" message={errorMessage(validation.error)} onRetry={() => void validation.refetch()} />;
    if (validation.data?.status === 'error') {
      return <ErrorState title={`validate_workflow failed (${validation.data.error_code})`} message={validation.data.error} />;
    }
    if (!report) return <p className={`${BOX} border-slate-200 bg-slate-50 text-slate-600`}>Validating…</p>;
    const name = [report.workflow_name, report.version && `v${report.version}`].filter(Boolean).join(' ');
    return (
      <div
        data-testid="validation-verdict"
        data-valid={report.valid}
        className={`${BOX} ${report.valid ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900'}`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{report.valid ? 'Valid workflow' : 'Invalid workflow'}</span>
          <Badge tone={report.errors.length ? 'bad' : 'ok'}>
            {report.errors.length} error{report.errors.length === 1 ? '' : 's'}
          </Badge>
          <Badge tone={report.warnings.length ? 'warn' : 'neutral'}>
            {report.warnings.length} warning{report.warnings.length === 1 ? '' : 's'}
          </Badge>
          {validation.isFetching && <span className="text-xs opacity-75">Validating…</span>}
        </div>
        {(name || report.workflow_id) && (
          <p className="mt-1 text-xs opacity-80">
            {name || 'Unnamed workflow'}
            {report.workflow_id && <span className="font-mono"> · {report.workflow_id}</span>}
          </p>
        )}
      </div>
    );
  })();

  return (
    <div aria-live="polite" className="space-y-2">
      {body}
      {stale && !syntaxError && parsed?.ok && !validation.isFetching && (
        <p className="text-xs text-slate-500">
          {v.autoValidate ? 'The document changed; validating when you pause typing.' : 'The document changed since it was validated. Press Validate to check it again.'}
        </p>
      )}
    </div>
  );
}
