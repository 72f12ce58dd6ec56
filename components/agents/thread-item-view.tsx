import { AgentMessage, AssistantMessage, ErrorCard, ReasoningCard, SystemMessage, UserMessage } from '@/components/chat/message-items';
import { ToolCard } from '@/components/chat/tool-card';
import type { ThreadItem } from '@/components/chat/thread';

/**
 * One item of an agent's history, drawn by the chat's own components (the same bubbles, reasoning
 * and tool cards as in Chat). Times are shown by the turn view, in UK time, so none is passed here.
 */
export function ThreadItemView({ item, agentName, userName }: { item: ThreadItem; agentName: string; userName: string }) {
  switch (item.kind) {
    case 'user':
      return <UserMessage content={item.content} speaker={userName} />;
    case 'assistant':
      return <AssistantMessage content={item.content} agentLabel={agentName} />;
    case 'agent':
      return <AgentMessage content={item.content} sender={item.sender} />;
    case 'system':
      return <SystemMessage content={item.content} />;
    case 'reasoning':
      return <ReasoningCard reasoning={item.reasoning} />;
    case 'error':
      return <ErrorCard errorType={item.errorType} message={item.message} detail={item.detail} />;
    case 'tool':
      return <ToolCard item={item} running={false} />;
  }
}
