'use client';
import { useState } from 'react';
import { PlansFor } from './plan-list';

/**
 * A conversation's tool-call plans (one per turn that called tools, planning.plans by the
 * conversation's id), behind a "Plans" disclosure at the top of the thread: closed by default so the
 * conversation keeps the room, read only once opened, and read again while a turn is answered.
 */
export function ConversationPlans({ conversationId, busy }: { conversationId: string; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="border-b border-slate-200 bg-slate-50/70"
      data-testid="conversation-plans"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer px-4 py-1.5 text-xs font-medium text-slate-700 hover:text-indigo-700">
        Plans: what the agent declared before calling tools, beside what it called
      </summary>
      {open && (
        <div className="max-h-[45vh] overflow-auto px-4 pb-3">
          <PlansFor
            filter={{ session_id: conversationId, limit: 50 }}
            live={busy}
            emptyText="A plan appears here for each turn in which the agent calls tools."
          />
        </div>
      )}
    </details>
  );
}
