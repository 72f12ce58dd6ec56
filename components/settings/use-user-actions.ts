'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { ROLE_LABELS } from '@/lib/roles';
import type { ConsoleUser, Notice, Role } from './types';

/**
 * The admin actions on one user. Each reports its outcome through `report` (the server's message
 * on refusal) and refreshes the user list and the audit log, which every change appends to.
 */
export function useUserActions(user: ConsoleUser, report: (n: Notice) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.users.list.pathFilter());
    void queryClient.invalidateQueries(trpc.audit.list.pathFilter());
  };
  const failed = (what: string) => (err: unknown) => {
    report({ tone: 'bad', text: `Could not ${what} ${user.email}: ${errorMessage(err)}` });
    refresh();
  };

  const setRole = useMutation(
    trpc.users.setRole.mutationOptions({
      onSuccess: (u) =>
        report({
          tone: 'ok',
          text: `${u.email} is now ${ROLE_LABELS[u.role]}; their sessions were ended, so it applies from their next sign-in.`,
        }),
      onError: failed('change the role of'),
      onSettled: refresh,
    }),
  );
  const setDisabled = useMutation(
    trpc.users.setDisabled.mutationOptions({
      onSuccess: (u) =>
        report({
          tone: 'ok',
          text: u.disabledAt ? `${u.email} is disabled and was signed out.` : `${u.email} is enabled and can sign in again.`,
        }),
      onError: failed('change'),
      onSettled: refresh,
    }),
  );
  const resetPassword = useMutation(
    trpc.users.resetPassword.mutationOptions({
      onSuccess: () => report({ tone: 'ok', text: `Password of ${user.email} reset; their sessions were ended.` }),
      onError: failed('reset the password of'),
      onSettled: refresh,
    }),
  );

  return {
    changeRole: (role: Role) => setRole.mutate({ userId: user.id, role }),
    toggleDisabled: () => setDisabled.mutate({ userId: user.id, disabled: !user.disabledAt }),
    resetPassword: (password: string, onSuccess: () => void) => resetPassword.mutate({ userId: user.id, password }, { onSuccess }),
    resetPending: resetPassword.isPending,
    busy: setRole.isPending || setDisabled.isPending || resetPassword.isPending,
  };
}
