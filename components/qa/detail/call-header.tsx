import type { ReactNode } from 'react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import { durationText, statusLabel, statusTone } from '../format';
import type { QaDetailView } from '../types';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Which call this is: its id, the way back to the queue, who spoke to whom about what, when the
 * call was recorded (the recording's clock, London time) and how long it lasted, and where its
 * review stands.
 */
export function CallHeader({ qa, backHref }: { qa: QaDetailView; backHref: string }) {
  return (
    <header className="space-y-3" data-testid="qa-call-header">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={backHref} className="text-slate-500 hover:text-slate-800" data-testid="back-to-queue">
          ← QA review queue
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          Call <span className="font-mono">{qa.call_id}</span>
        </h1>
        <CopyButton text={qa.call_id} label="Copy the call id" />
        <span data-testid="review-status-badge" data-status={qa.review.status}>
          <Badge tone={statusTone(qa.review.status)}>{statusLabel(qa.review.status)}</Badge>
        </span>
        {qa.review.overridden && <Badge tone="info">Overridden</Badge>}
        {qa.vulnerable && <Badge tone="warn">Vulnerable customer</Badge>}
        {!qa.latest && (
          <Badge tone="warn" title="A later run analysed this call again">
            Earlier analysis
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Advisor" testId="call-advisor">
          {qa.advisor ?? '—'}
        </Fact>
        <Fact label="Team">{qa.team ?? '—'}</Fact>
        <Fact label="Customer">{qa.customer ?? '—'}</Fact>
        <Fact label="Product">{qa.product ?? '—'}</Fact>
        <Fact label="Call (recording’s time, UK)">
          <time dateTime={qa.call_at ?? undefined} title={ukExact(qa.call_at)}>
            {ukDateTime(qa.call_at)}
          </time>
        </Fact>
        <Fact label="Duration">{durationText(qa.duration_s)}</Fact>
      </dl>
      {qa.application_id && (
        <p className="text-xs text-slate-500">
          Application <span className="font-mono">{qa.application_id}</span>
        </p>
      )}
    </header>
  );
}
