'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { ConversationItem } from './conversation-item';
import { NewConversation } from './new-conversation';
import { useNow } from '../hooks/use-now';

type Props = {
  selectedId: string | null;
  answering: ReadonlySet<string>;
  /** Why no conversation can be started (no agent platform), or null. */
  createBlocked: string | null;
  onSelect(id: string | null): void;
};

/** The user's conversations, newest first, with "New conversation" on top. */
export function ConversationSidebar({ selectedId, answering, createBlocked, onSelect }: Props) {
  const trpc = useTRPC();
  const list = useQuery(trpc.chat.conversations.queryOptions());
  const now = useNow();
  return (
    <nav aria-label="Conversations" className="flex h-full min-h-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <NewConversation onCreated={onSelect} disabled={createBlocked} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <LoadingState label="Loading conversations…" />
        ) : list.isError ? (
          <ErrorState title="Conversations could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="px-1 py-4 text-center text-sm text-slate-500">No conversations yet.</p>
        ) : (
          <ul className="space-y-1" aria-label={`${list.data.length} conversation${list.data.length === 1 ? '' : 's'}`}>
            {list.data.map((c) => (
              <ConversationItem
                key={c.id}
                conversation={c}
                selected={c.id === selectedId}
                answering={answering.has(c.id)}
                now={now}
                onSelect={() => onSelect(c.id)}
                onDeleted={() => c.id === selectedId && onSelect(null)}
              />
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}
