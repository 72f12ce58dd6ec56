'use client';
import { ukDateTime } from '@/lib/uk-time';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import type { DeadLetterEntry, DeadLetterStream, Notice } from './types';

/**
 * One dead letter: when and why it was set aside, after how many deliveries, by which consumer.
 * Admins can retry it (health.retryDeadLetter: the tool layer, audited), which puts its payload
 * back on its stream; an entry that kept no payload has nothing to retry.
 */
export function DeadLetterRow({
  stream,
  entry,
  isAdmin,
  report,
  refresh,
}: {
  stream: DeadLetterStream['stream'];
  entry: DeadLetterEntry;
  isAdmin: boolean;
  report(n: Notice): void;
  refresh(): void;
}) {
  const trpc = useTRPC();
  const retry = useMutation(
    trpc.health.retryDeadLetter.mutationOptions({
      onSuccess: (r) =>
        report(
          r.status === 'ok'
            ? { tone: 'ok', text: `Entry ${entry.source_id} is back on ${stream} as ${r.entry_id}; the next consolidation pass reads it.` }
            : { tone: 'bad', text: `Could not retry entry ${entry.source_id}: ${r.error}` },
        ),
      onError: (err) => report({ tone: 'bad', text: `Could not retry entry ${entry.source_id}: ${errorMessage(err)}` }),
      onSettled: refresh,
    }),
  );
  return (
    <tr className="align-top" data-testid="dead-letter-row" data-id={entry.id}>
      <td className="py-2 pr-4 text-xs text-slate-600">{ukDateTime(entry.dead_lettered_at)}</td>
      <th scope="row" className="py-2 pr-4 text-left font-mono text-xs font-normal">
        {entry.source_id}
      </th>
      <td className="py-2 pr-4">
        <Badge tone={entry.reason === 'malformed' ? 'bad' : 'warn'}>{entry.reason === 'malformed' ? 'Malformed' : 'Failed'}</Badge>
      </td>
      <td className="max-w-md break-words py-2 pr-4 text-xs text-slate-700">{entry.error}</td>
      <td className="py-2 pr-4 tabular-nums">{entry.deliveries}</td>
      <td className="py-2 pr-4 font-mono text-xs">{entry.consumer}</td>
      {isAdmin && (
        <td className="py-2 text-right">
          {entry.payload_chars === null ? (
            <span className="text-xs text-slate-500">No payload</span>
          ) : (
            <Button onClick={() => retry.mutate({ stream, id: entry.id })} disabled={retry.isPending}>
              {retry.isPending ? 'Retrying…' : 'Retry'}
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}
