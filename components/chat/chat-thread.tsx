'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { LiveStatusText } from '@/components/companions/live-status';
import { ConversationPlans } from '@/components/planning/conversation-plans';
import { Composer } from './composer';
import { MODES, modeOf } from './format';
import { MessageList } from './message-list';
import type { Conversation, Runtime } from './types';
import type { TurnState } from './use-chat-turns';
import { useConductorSession } from './use-conductor-session';

const trpcCode = (err: unknown) => (err as { data?: { code?: string } } | null)?.data?.code;

/** Below lg the thread is one window high; from lg it fills its grid cell (chat-workspace.tsx). */
const THREAD_BOX =
  'flex h-[calc(100dvh-4rem)] min-h-[28rem] flex-col overflow-hidden rounded-xl border border-slate-200 ' + 'bg-white lg:h-full lg:min-h-0';

/** Messages read per conversation (the newest; `chat.messages` allows up to 2000). */
const HISTORY_LIMIT = 500;

type Props = {
  conversationId: string;
  /** From the list; null while it loads or when the id is not one of the user's conversations. */
  conversation: Conversation | null;
  runtime: Runtime | null;
  /** Why nobody can answer here at all (no agent platform), or null. */
  platformProblem: string | null;
  /** Whether the user may open the Companions page (where a delegated task is followed in full). */
  canOpenCompanions?: boolean;
  turn: TurnState;
  onSend(content: string, accepted: () => void): void;
  onStop(): void;
  onDismissNotice(): void;
  onClose(): void;
};

/** One conversation: its header, the messages (history + live turn) and the message box. */
export function ChatThread({
  conversationId,
  conversation,
  runtime,
  platformProblem,
  canOpenCompanions = false,
  turn,
  onSend,
  onStop,
  onDismissNotice,
  onClose,
}: Props) {
  const trpc = useTRPC();
  const busy = turn.live !== null;
  // Re-read when a turn ends (use-chat-turns), not on focus. A Conductor also hears from its
  // Companions and its Strategist between the user's turns: its session's events re-read it.
  const messages = useQuery({
    ...trpc.chat.messages.queryOptions({ conversation_id: conversationId, limit: HISTORY_LIMIT }),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (n, err) => n < 2 && !['NOT_FOUND', 'BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN'].includes(trpcCode(err) ?? ''),
  });
  const delegated = useConductorSession(conversationId, conversation?.mode === 'conductor', busy);
  // Only a re-read the user asked for says so (live re-reads happen quietly).
  const [refreshing, setRefreshing] = useState(false);
  const mode = conversation ? MODES[modeOf(conversation.mode)] : null;
  const agentLabel = mode ? `the ${mode.label}` : 'the agent';
  const movedPlatform =
    conversation && runtime && conversation.platform !== runtime.kind
      ? `This conversation lives on the ${conversation.platform} agent platform; ` +
        `the console now runs ${runtime.kind}. You can read it but not continue it.`
      : null;
  const blocked = platformProblem ?? movedPlatform;

  const notFound = messages.isError && trpcCode(messages.error) === 'NOT_FOUND';
  if (notFound) {
    return (
      <section aria-label="Conversation" className="rounded-xl border border-slate-200 bg-white p-6">
        <EmptyState title="No such conversation">
          It was deleted, or it belongs to someone else.{' '}
          <button type="button" onClick={onClose} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Back to your conversations
          </button>
        </EmptyState>
      </section>
    );
  }

  return (
    <section aria-labelledby="chat-thread-title" className={THREAD_BOX} data-testid="chat-thread">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2.5">
        <div className="min-w-0 flex-1">
          <h2 id="chat-thread-title" className="truncate text-base font-semibold text-slate-900">
            {conversation?.title ?? 'Conversation'}
          </h2>
          {mode && (
            <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500" title={`${mode.mode} · ${mode.purpose}`}>
              <Badge tone={conversation!.mode === 'conductor' ? 'info' : 'neutral'}>{mode.label}</Badge>
              <span className="truncate">
                {mode.mode} · {mode.purpose}
              </span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {delegated.live && <LiveStatusText status={delegated.live} />}
          <Button
            variant="ghost"
            className="px-2 py-0.5 text-xs"
            onClick={() => {
              setRefreshing(true);
              void messages.refetch().finally(() => setRefreshing(false));
            }}
            disabled={refreshing || busy}
            title="Re-read the stored history"
          >
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
        </div>
      </header>
      {movedPlatform && (
        <p role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {movedPlatform}
        </p>
      )}
      <ConversationPlans conversationId={conversationId} busy={busy} />
      {messages.isPending ? (
        <div className="flex-1 px-4">
          <LoadingState label="Loading messages…" />
        </div>
      ) : messages.isError ? (
        <div className="flex-1 p-4">
          <ErrorState title="Messages could not be loaded" message={errorMessage(messages.error)} onRetry={() => void messages.refetch()} />
        </div>
      ) : messages.data.length === 0 && !turn.live && !turn.finished ? (
        <div className="flex flex-1 items-center justify-center p-6 text-center">
          <div className="max-w-md">
            <p className="text-sm font-medium text-slate-800">Nothing said yet.</p>
            <p className="mt-1 text-sm text-slate-600">
              {modeOf(conversation?.mode ?? 'planner') === 'planner'
                ? 'Tell the Planner what you need, e.g. “Analyse the calls Alex Wong made last week ' +
                  'for compliance and give me a QA score.”'
                : 'Tell the Conductor what needs doing; it splits the work among its Companion agents.'}
            </p>
          </div>
        </div>
      ) : (
        <MessageList
          history={messages.data}
          truncated={messages.data.length >= HISTORY_LIMIT}
          turn={turn}
          agentLabel={agentLabel}
          onDismissNotice={onDismissNotice}
          facts={delegated.facts}
          companionsHref={canOpenCompanions ? (sessionId) => `/companions?session=${encodeURIComponent(sessionId)}` : undefined}
        />
      )}
      <Composer key={conversationId} agentLabel={agentLabel} busy={busy} blocked={blocked} onSend={onSend} onStop={onStop} />
    </section>
  );
}
