import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { RoleNotice } from '@/components/shell/role-notice';
import { navItemFor, roleListText } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { ChatWorkspace } from '@/components/chat/chat-workspace';
import { allows } from '@/server/app/current-user';
import { CHAT_ROLES } from '@/server/trpc/routers/chat';

export const metadata: Metadata = { title: 'Chat' };

/**
 * Chat with the agents (issue 5): Planner conversations (workflow mode) and Conductor
 * conversations (delegated mode), streamed live with their reasoning, tool calls, workflows,
 * runs and QA results. Stakeholders have read-only access and get a notice instead; the chat's
 * tRPC procedures and its message stream enforce the same roles (CHAT_ROLES).
 */
export default async function ChatPage() {
  const user = await pageUser();
  const item = navItemFor('/chat');
  // On a wide screen the page is exactly the window's height (the console's <main> pads it by
  // 2rem above and below): the conversation fills what the header leaves, its composer stays at
  // the bottom, and a long thread scrolls inside the conversation, not the page.
  return (
    <div className="flex flex-col lg:h-[calc(100dvh-4rem)] lg:min-h-[32rem]">
      <PageHeader title="Chat" description={item.purpose} />
      {allows(user, CHAT_ROLES) ? (
        <ChatWorkspace />
      ) : (
        <RoleNotice>
          {user.role === 'stakeholder' ? 'You have read-only access as a stakeholder. ' : ''}
          Chatting with the agents is for {roleListText(CHAT_ROLES)}: they can start runs and save workflows. You can follow runs and
          results on the other pages.
        </RoleNotice>
      )}
    </div>
  );
}
