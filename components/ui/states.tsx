import type { ReactNode } from 'react';
import { failureMessage, retryable } from './failure-words';

/**
 * The three non-data states every query view needs. Loading is announced politely
 * (role=status) and marked `data-loading` so a test can wait until no view is still loading;
 * errors interrupt (role=alert) and may offer a retry.
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" data-loading className="flex items-center gap-2 py-6 text-sm text-slate-500">
      <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
      {label}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center">
      <p className="text-sm font-medium text-slate-700">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

/**
 * A failure in words: `code` (a tool's error_code) is not shown as such; it decides whether
 * "Try again" is offered (a missing record or a refused role fails again on every retry).
 */
export function ErrorState({
  title,
  message,
  code,
  onRetry,
}: {
  title: string;
  message: string;
  code?: string | null;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-code={code ?? undefined}>
      <p className="font-medium">{title}</p>
      <p className="mt-1 break-words">{failureMessage(message)}</p>
      {onRetry && retryable(code) && (
        <button type="button" onClick={onRetry} className="mt-2 font-medium underline underline-offset-2 hover:text-red-950">
          Try again
        </button>
      )}
    </div>
  );
}
