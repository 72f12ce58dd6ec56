'use client';
import { useCallback } from 'react';
import { useSearchParams } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { navItemFor } from '@/components/shell/nav-items';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { EmptyState } from '@/components/ui/states';
import { ChatThread } from './chat-thread';
import { ConversationSidebar } from './conversation-sidebar';
import { ModeChoices } from './new-conversation';
import { RuntimeBanner } from './runtime-banner';
import { useChatTurns } from './use-chat-turns';
import { isUuid } from '@/lib/uuid';

/**
 * The Chat page: which runtime answers, the user's conversations, and the open one (kept in
 * `?c=<id>`, so it can be linked and the browser's back button returns to the previous one).
 */
export function ChatWorkspace() {
  const trpc = useTRPC();
  const selectedId = useSearchParams().get('c');
  const runtime = useQuery({ ...trpc.chat.runtime.queryOptions(), staleTime: 5 * 60_000 });
  const conversations = useQuery(trpc.chat.conversations.queryOptions());
  const turns = useChatTurns();
  const me = useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 5 * 60_000 });
  const canOpenCompanions = !!me.data && navItemFor('/companions').roles.includes(me.data.role);

  const select = useCallback((id: string | null) => {
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('c', id);
    else url.searchParams.delete('c');
    // Next.js syncs pushState with useSearchParams: no server round trip, and Back works.
    window.history.pushState(null, '', url);
  }, []);

  const platformProblem = runtime.isError ? `No agent platform is available: ${errorMessage(runtime.error)}` : null;
  const conversation = conversations.data?.find((c) => c.id === selectedId) ?? null;
  const validId = selectedId !== null && isUuid(selectedId);

  // Fills the height the page gives it (app/(console)/chat/page.tsx): one grid row of what is left
  // under the runtime banner, the sidebar and the open conversation each scrolling inside it.
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <RuntimeBanner runtime={runtime.data} error={runtime.error} loading={runtime.isPending} />
      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)]">
        <div className="max-h-[50vh] lg:max-h-none lg:min-h-0">
          <ConversationSidebar selectedId={selectedId} answering={turns.answering} createBlocked={platformProblem} onSelect={select} />
        </div>
        {selectedId && validId ? (
          <ChatThread
            key={selectedId}
            conversationId={selectedId}
            conversation={conversation}
            runtime={runtime.data ?? null}
            platformProblem={platformProblem}
            canOpenCompanions={canOpenCompanions}
            turn={turns.turnOf(selectedId)}
            onSend={(content, accepted) => void turns.send(selectedId, content, accepted)}
            onStop={() => turns.stop(selectedId)}
            onDismissNotice={() => turns.dismiss(selectedId)}
            onClose={() => select(null)}
          />
        ) : selectedId ? (
          <section aria-label="Conversation" className="rounded-xl border border-slate-200 bg-white p-6">
            <EmptyState title="No such conversation">“{selectedId}” is not a conversation id.</EmptyState>
          </section>
        ) : (
          <Panel title="Start a conversation" id="chat-start">
            <div className="max-w-xl space-y-3">
              <p className="text-sm text-slate-600">
                Choose who you talk to. Your conversations are listed on the left; each one keeps its agent and its history.
              </p>
              <ModeChoices onCreated={select} disabled={platformProblem} />
            </div>
          </Panel>
        )}
      </div>
    </div>
  );
}
