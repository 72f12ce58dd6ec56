'use client';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { UserCreateForm } from './user-create-form';
import { UserRow } from './user-row';
import type { Notice } from './types';
import { TableHead } from '@/components/ui/table-head';
import { NoticeLine } from './notice-line';

/** Settings → Users (admins): everyone who can sign in, with role, status and the admin actions. */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.users.list.queryOptions());
  const [notice, setNotice] = useState<Notice>(null);

  const created = (n: Notice) => {
    setNotice(n);
    void queryClient.invalidateQueries(trpc.users.list.pathFilter());
    void queryClient.invalidateQueries(trpc.audit.list.pathFilter());
  };

  return (
    <div className="space-y-6">
      <Panel title="Create a user">
        <UserCreateForm onDone={created} />
      </Panel>
      <Panel title={users.data ? `Users (${users.data.length})` : 'Users'}>
        <NoticeLine notice={notice} />
        {users.isPending ? (
          <LoadingState label="Loading users…" />
        ) : users.isError ? (
          <ErrorState title="Users could not be loaded" message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
        ) : users.data.length === 0 ? (
          <EmptyState title="No users yet" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Users</caption>
              <TableHead columns={['User', 'Role', 'Status', 'Created', { label: 'Actions', align: 'right' }]} />
              <tbody className="divide-y divide-slate-100">
                {users.data.map((u) => (
                  <UserRow key={u.id} user={u} isSelf={u.id === currentUserId} report={setNotice} />
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-xs text-slate-500">
              Changing a role, disabling a user or resetting a password ends that user’s sessions. You cannot change your own role or
              disable yourself.
            </p>
          </div>
        )}
      </Panel>
    </div>
  );
}
