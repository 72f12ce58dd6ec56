'use client';
import { useMemo, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { toFindings } from '@/components/workflows/findings';
import type { Finding } from '@/components/workflows/types';
import { choiceShapeFindingsSince, type ShapeFinding } from '../model/choice-findings';
import type { WorkflowDoc } from '../model/types';
import { validateClient } from './validate-client';

/** How long edits must pause before the document is validated (typing validates once, at the end). */
export const VALIDATE_AFTER_MS = 400;

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A small stable key per document object (documents are immutable: a new edit is a new object). */
export function docKey(doc: WorkflowDoc): number {
  let id = ids.get(doc);
  if (id === undefined) ids.set(doc, (id = nextId++));
  return id;
}

/**
 * `validate_workflow` on the editor's current document, once edits pause. The query is keyed by
 * the document's identity rather than its content, so a 500-state document is not hashed on
 * every render; the previous report stays on screen (marked stale) while the next one runs.
 * The editor's own data-shape findings join the report's as warnings (choice-findings.ts: a
 * Choice rule path the data reaching it cannot have), computed on the same settled document, so
 * they are shown and counted as every other finding is.
 */
export function useDocValidation(doc: WorkflowDoc, enabled: boolean) {
  // Its own client: the document goes as plain JSON, not through superjson's walk (validate-client.ts).
  const client = validateClient();
  const settled = useDebouncedValue(doc, VALIDATE_AFTER_MS);
  const query = useQuery({
    queryKey: ['editor-validate', docKey(settled)],
    queryFn: () => client.workflows.validate.query({ workflow: settled }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
  });
  const report = query.data?.status === 'ok' ? query.data : null;
  // Once per settled document (tens of ms at 1,000 states), not again when its report arrives,
  // and reused while only comments change (typing one must not re-solve the data flow).
  const lastShaped = useRef<{ doc: unknown; findings: ShapeFinding[] } | null>(null);
  const shaped = useMemo(() => {
    const findings = choiceShapeFindingsSince(settled, lastShaped.current);
    lastShaped.current = { doc: settled, findings };
    return findings;
  }, [settled]);
  const findings: Finding[] = useMemo(() => (report ? toFindings(report.errors, [...report.warnings, ...shaped]) : []), [report, shaped]);
  return {
    report,
    findings,
    /** Valid only when the report is of the current document (not of an earlier one). */
    valid: !!report?.valid && settled === doc && !query.isPlaceholderData,
    checking: settled !== doc || query.isFetching,
    /** The check itself failed (the request, or the tool refused the input): the document is unchecked (validity.ts). */
    error: query.isError ? query.error : query.data?.status === 'error' ? new Error(query.data.error ?? 'validation failed') : null,
    /** Checks the current document again (after `error`). */
    retry: () => void query.refetch(),
  };
}
