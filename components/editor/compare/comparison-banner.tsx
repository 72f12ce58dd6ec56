'use client';
import Link from 'next/link';
import { useState } from 'react';
import { compareHref, type VersionRef } from '@/components/workflows/editor-links';
import { Button } from '@/components/ui/button';
import { ChangesSummary } from './changes-summary';

const LINK = 'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline';
import type { Comparison } from './use-comparison';

/**
 * Above the editor's canvas when it was opened with a comparison (`?against=`, e.g. from the
 * chat's workflow card): which saved version the document is compared with, what differs (live,
 * as it is edited), a link to the side-by-side view once the document is itself a saved version,
 * and a way to fold the details away. The canvas marks added and changed states.
 */
export function ComparisonBanner({ comparison, saved }: { comparison: Comparison; saved: VersionRef | null }) {
  const [open, setOpen] = useState(true);
  const { against } = comparison;
  const title = `${comparison.name ?? against.workflowId} v${against.version}`;
  return (
    <section
      aria-label="Comparison"
      className="border-b border-indigo-200 bg-indigo-50/60 px-4 py-2 text-sm"
      data-testid="editor-comparison"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-slate-800">
          Compared with saved <span className="font-medium">{title}</span>
          <span className="text-slate-500"> · added and changed states are marked on the canvas</span>
        </p>
        <div className="ml-auto flex items-center gap-2">
          {saved && (
            <Link href={compareHref(against, saved)} className={LINK}>
              Side by side
            </Link>
          )}
          <Button variant="ghost" className="px-2 py-0.5 text-xs" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide details' : 'Show details'}
          </Button>
        </div>
      </div>
      {open && (
        <div className="mt-1.5">
          {comparison.error ? (
            <p role="alert" className="text-xs text-red-700">
              The version to compare with could not be read: {comparison.error}
            </p>
          ) : comparison.loading || !comparison.changes ? (
            <p className="text-xs text-slate-500">Reading {title}…</p>
          ) : (
            <ChangesSummary changes={comparison.changes} compact />
          )}
        </div>
      )}
    </section>
  );
}
