/**
 * Links between the queue and a call's detail. The detail carries the queue's query string in
 * `queue`, so "Back to the queue" returns to the same triage view (filters and sort).
 */
export function qaDetailHref(qaResultId: string, queueSearch = ''): string {
  const base = `/qa/${encodeURIComponent(qaResultId)}`;
  return queueSearch ? `${base}?queue=${encodeURIComponent(queueSearch)}` : base;
}

/** The queue a detail page came from (`/qa` when it came from nowhere in particular). */
export function queueHrefFrom(queueSearch: string | null | undefined): string {
  const s = (queueSearch ?? '').replace(/^\?/, '');
  return s ? `/qa?${s}` : '/qa';
}
