'use client';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { StoredMessage } from '@/server/contracts/agent-platform';
import { planToolCards } from './cards';
import { planDelegationCards, NO_FACTS, type DelegationToolCard, type SessionFacts } from './delegation-cards';
import { DelegationCard } from './delegation-card';
import { capitalize } from './format';
import {
  AgentMessage,
  AssistantMessage,
  DispatchedTaskMessage,
  ErrorCard,
  ReasoningCard,
  SystemMessage,
  UserMessage,
} from './message-items';
import { dispatchedTaskIn } from './dispatched-task';
import { CompanionCard, DismissCard, FinalizeCard } from './pool-cards';
import { AdviceCard, ProtocolNote } from './protocol-note';
import type { ProtocolMessage } from './protocol-message';
import { RunCard } from './run-card';
import { ToolCard } from './tool-card';
import { TurnNotice } from './turn-notice';
import { foldThread, LIVE_USER_MESSAGE_ID, mergeThread, toolStatus, type ThreadItem } from './thread';
import type { TurnState } from './use-chat-turns';
import { WorkflowCard } from './workflow-card';

/** Within this many pixels of the bottom the view follows new content; scrolled further up, it stays put. */
const FOLLOW_PX = 96;

type Props = {
  history: readonly StoredMessage[];
  /** The history was cut to its newest messages. */
  truncated: boolean;
  turn: TurnState;
  agentLabel: string;
  onDismissNotice(): void;
  /** A Conductor conversation's delegated work as its session records it (cards follow it live). */
  facts?: SessionFacts;
  /** Where a delegated task is followed (the Companions page), for those who may open it. */
  companionsHref?: (sessionId: string) => string | null;
};

/**
 * The conversation: the stored history followed by the live turn, each tool call with its special
 * card (workflow, run, QA). A log region for assistive technology, busy while a reply streams
 * (so the finished reply is read once, not word by word).
 */
export function MessageList({ history, truncated, turn, agentLabel, onDismissNotice, facts = NO_FACTS, companionsHref }: Props) {
  const items = useMemo(() => foldThread(mergeThread(history, turn.live)), [history, turn.live]);
  const cards = useMemo(() => planToolCards(items), [items]);
  const delegation = useMemo(() => planDelegationCards(items, facts), [items, facts]);
  const nameOf = (id: string | null) => (id ? (facts.agents[id]?.name ?? id) : 'another agent');
  const protocol = (m: ProtocolMessage, at?: string) =>
    m.kind === 'strategic_advice' ? (
      <AdviceCard m={m} from="the Strategist" at={at} />
    ) : (
      <ProtocolNote m={m} from={nameOf(m.sender)} at={at} />
    );
  const delegationCard = (card: DelegationToolCard, pending: boolean) => {
    switch (card.kind) {
      case 'delegation':
        return (
          <DelegationCard
            card={card}
            streaming={pending && streaming}
            companionsHref={card.sessionId ? (companionsHref?.(card.sessionId) ?? null) : null}
          />
        );
      case 'companion':
        return <CompanionCard card={card} />;
      case 'dismiss':
        return <DismissCard card={card} />;
      case 'finalize':
        return <FinalizeCard card={card} />;
    }
  };
  const streaming = turn.live !== null;
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useRef(true);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [items, turn.finished]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
  };

  // While the agent works, say so — except when a running tool call already does.
  const last = items.at(-1);
  const waiting = streaming && !(last?.kind === 'tool' && toolStatus(last) === 'pending');

  const render = (item: ThreadItem) => {
    switch (item.kind) {
      case 'user': {
        const task = dispatchedTaskIn(item.content);
        if (task) return <DispatchedTaskMessage task={task} at={item.at} />;
        return <UserMessage content={item.content} at={item.at} pending={item.id === LIVE_USER_MESSAGE_ID && !turn.live?.accepted} />;
      }
      case 'assistant':
        return <AssistantMessage content={item.content} at={item.at} agentLabel={agentLabel} />;
      case 'agent': {
        const m = delegation.messages.get(item.id);
        return m ? protocol(m, item.at) : <AgentMessage content={item.content} sender={item.sender} at={item.at} />;
      }
      case 'system': {
        const m = delegation.messages.get(item.id);
        return m ? protocol(m, item.at) : <SystemMessage content={item.content} />;
      }
      case 'reasoning':
        return <ReasoningCard reasoning={item.reasoning} />;
      case 'error':
        return <ErrorCard errorType={item.errorType} message={item.message} detail={item.detail} />;
      case 'tool': {
        const card = cards.get(item.callId);
        const delegated = delegation.tools.get(item.callId);
        const pending = toolStatus(item) === 'pending';
        return (
          <div className="space-y-2">
            <ToolCard item={item} running={pending && streaming} />
            {card?.kind === 'workflow' && <WorkflowCard card={card} pending={pending && streaming} />}
            {card?.kind === 'run' && <RunCard card={card} />}
            {delegated && delegationCard(delegated, pending)}
          </div>
        );
      }
    }
  };

  return (
    // `relative`: the scroller is the containing block of the thread's absolutely positioned pieces
    // (screen-reader-only captions and labels), which would otherwise stretch the page below it.
    <div ref={scroller} onScroll={onScroll} className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50/60 px-4 py-4">
      <div
        role="log"
        aria-label={`Conversation with ${agentLabel}`}
        aria-busy={streaming}
        className="mx-auto flex max-w-4xl flex-col gap-3"
      >
        {truncated && (
          <p className="text-center text-xs text-slate-500">Earlier messages are not shown: this is the newest part of the conversation.</p>
        )}
        {items.map((item, i) => (
          // Letta gives a step's reasoning and tool call one message id: the position keeps keys unique.
          <div key={`${i}-${item.kind}-${item.id}`}>{render(item)}</div>
        ))}
        {waiting && (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
            {turn.live?.accepted ? `${capitalize(agentLabel)} is working…` : 'Sending…'}
          </div>
        )}
        {turn.finished && <TurnNotice finished={turn.finished} onDismiss={onDismissNotice} />}
      </div>
    </div>
  );
}
