'use client';
import { useNow } from '@/components/hooks/use-now';
import type { Names } from './labels';
import { SharedBlockCard } from './shared-block-card';
import type { SharedBlock } from './types';

const ORDER = ['session_context', 'delegation_log', 'strategist_guidelines'];

/** The session's three shared memory blocks, each with its value now and its revision history. */
export function SharedBlocksPanel({ sessionId, blocks, names }: { sessionId: string; blocks: readonly SharedBlock[]; names: Names }) {
  const now = useNow();
  const sorted = [...blocks].sort((a, b) => ORDER.indexOf(a.label) - ORDER.indexOf(b.label));
  return (
    <div className="space-y-4">
      {sorted.map((b) => (
        <SharedBlockCard key={b.block_id} sessionId={sessionId} block={b} names={names} now={now} />
      ))}
    </div>
  );
}
