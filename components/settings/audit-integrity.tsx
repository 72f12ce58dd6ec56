'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { auditTimeText, verificationText } from './audit-format';
import { HashText } from './hash-text';
import type { AuditVerification } from './types';

/**
 * "Verify integrity" (admins; `audit.verify` is admin-only on the server): walks the whole hash
 * chain on demand and shows the verdict — intact with the count and head hash, or the first
 * changed, removed or inserted entry by its number, or the truncation or rewrite an external
 * anchor of the head shows (server/audit/verify-anchored.ts).
 */
export function AuditIntegrity() {
  const trpc = useTRPC();
  const check = useQuery({ ...trpc.audit.verify.queryOptions(), enabled: false, staleTime: 0, retry: false });
  return (
    <div className="mb-4 grid gap-2" data-testid="audit-integrity">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void check.refetch()} disabled={check.isFetching}>
          {check.isFetching ? 'Verifying…' : 'Verify integrity'}
        </Button>
        <span className="text-sm text-slate-500">
          Checks each entry&apos;s hash and its link to the entry before it, and the log against the anchors of its head kept outside the
          database.
        </span>
      </div>
      <div aria-live="polite">
        {check.isError && !check.isFetching ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            The log could not be verified: {errorMessage(check.error)}
          </p>
        ) : (
          check.data && <VerificationResult result={check.data} at={new Date(check.dataUpdatedAt)} />
        )}
      </div>
    </div>
  );
}

function VerificationResult({ result, at }: { result: AuditVerification; at: Date }) {
  const { headline, lines } = verificationText(result);
  const tone = result.intact ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800';
  return (
    <div role={result.intact ? 'status' : 'alert'} className={`rounded-md px-3 py-2 text-sm ${tone}`} data-testid="audit-verification">
      <p className="font-medium">{headline}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs">
        {result.head ? (
          <>
            <span>Head: entry #{result.head.id}</span>
            <HashText hash={result.head.hash} entryId={result.head.id} />
          </>
        ) : (
          <span>No chained entries yet.</span>
        )}
        <span className="opacity-80">· verified {auditTimeText(at)}</span>
      </p>
    </div>
  );
}
