'use client';
import { ukTime } from '@/lib/uk-time';
import { Button } from '@/components/ui/button';

/** A Health panel's actions: when its query last answered (London time) and a Refresh button. */
export function CheckedActions({ query }: { query: { dataUpdatedAt: number; isFetching: boolean; refetch(): unknown } }) {
  const checkedAt = query.dataUpdatedAt ? ukTime(query.dataUpdatedAt) : null;
  return (
    <>
      {checkedAt && <span className="text-xs text-slate-500">Checked at {checkedAt}</span>}
      <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
        {query.isFetching ? 'Checking…' : 'Refresh'}
      </Button>
    </>
  );
}
