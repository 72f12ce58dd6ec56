'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';

/** Starts a conversation (a new Planner or Conductor agent) and refreshes the list. */
export function useCreateConversation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.chat.create.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries(trpc.chat.conversations.queryFilter()) }),
  );
}

/** Rename and delete for one conversation (per item, so one item's pending action does not block the others). */
export function useConversationMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries(trpc.chat.conversations.queryFilter());
  const rename = useMutation(trpc.chat.rename.mutationOptions({ onSuccess: () => void refreshList() }));
  const remove = useMutation(
    trpc.chat.delete.mutationOptions({
      onSuccess: (_r, input) => {
        queryClient.removeQueries(trpc.chat.messages.queryFilter({ conversation_id: input.conversation_id }));
        void refreshList();
      },
    }),
  );
  return { rename, remove };
}
