import { Badge } from '@/components/ui/badge';

/** A run's outcome: dispatched (the task is in the agent's inbox) or failed, with the reason on hover. */
export function OutcomeBadge({ outcome, error }: { outcome: 'DISPATCHED' | 'FAILED'; error: string | null }) {
  return outcome === 'DISPATCHED' ? (
    <Badge tone="ok">Dispatched</Badge>
  ) : (
    <Badge tone="bad" title={error ?? undefined}>
      Failed
    </Badge>
  );
}
