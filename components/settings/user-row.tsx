'use client';
import { ukDate, ukDateTime } from '@/lib/uk-time';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, FIELD } from '@/components/ui/button';
import { ROLE_LABELS } from '@/lib/roles';
import { useUserActions } from './use-user-actions';
import { ROLES, type ConsoleUser, type Notice, type Role } from './types';

type Props = { user: ConsoleUser; isSelf: boolean; report(n: Notice): void };

/**
 * One user with the admin's actions. The signed-in admin cannot change their own role or disable
 * themselves (the server refuses both); the controls say so instead of failing.
 */
export function UserRow({ user, isSelf, report }: Props) {
  const actions = useUserActions(user, report);
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState('');
  const selfNote = 'You cannot change your own role or disable yourself.';

  const submitReset = (e: FormEvent) => {
    e.preventDefault();
    actions.resetPassword(password, () => {
      setPassword('');
      setResetting(false);
    });
  };

  return (
    <>
      <tr className="align-middle" data-testid="user-row" data-email={user.email}>
        <th scope="row" className="py-2.5 pr-4 text-left font-normal">
          <span className="block font-medium text-slate-900">
            {user.displayName} {isSelf && <span className="text-xs font-normal text-slate-500">(you)</span>}
          </span>
          <span className="block text-xs text-slate-500">{user.email}</span>
        </th>
        <td className="py-2.5 pr-4">
          <select
            aria-label={`Role of ${user.email}`}
            value={user.role}
            disabled={isSelf || actions.busy}
            title={isSelf ? selfNote : undefined}
            onChange={(e) => actions.changeRole(e.target.value as Role)}
            className={FIELD}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </td>
        <td className="py-2.5 pr-4">
          {user.disabledAt ? (
            <Badge tone="bad" title={`Disabled ${ukDateTime(user.disabledAt.toISOString())}`}>
              Disabled
            </Badge>
          ) : (
            <Badge tone="ok">Active</Badge>
          )}
        </td>
        <td className="py-2.5 pr-4 text-xs text-slate-500">{ukDate(user.createdAt.toISOString())}</td>
        <td className="py-2.5">
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={() => setResetting((r) => !r)} aria-expanded={resetting} disabled={actions.busy}>
              Reset password
            </Button>
            <Button
              variant={user.disabledAt ? 'secondary' : 'danger'}
              onClick={actions.toggleDisabled}
              disabled={isSelf || actions.busy}
              title={isSelf ? selfNote : undefined}
            >
              {user.disabledAt ? 'Enable' : 'Disable'}
            </Button>
          </div>
        </td>
      </tr>
      {resetting && (
        <tr>
          <td colSpan={5} className="pb-3">
            <form
              onSubmit={submitReset}
              aria-label={`Reset password of ${user.email}`}
              className="flex flex-wrap items-end gap-2 rounded-md bg-slate-50 p-3"
            >
              <label className="grid gap-1 text-sm">
                <span className="font-medium">New password for {user.email}</span>
                <input
                  type="password"
                  required
                  minLength={10}
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  className={`${FIELD} w-72`}
                />
              </label>
              <Button type="submit" variant="primary" disabled={actions.resetPending}>
                {actions.resetPending ? 'Saving…' : 'Set password'}
              </Button>
              <Button variant="ghost" onClick={() => setResetting(false)}>
                Cancel
              </Button>
              <span className="w-full text-xs text-slate-500">At least 10 characters. Their current sessions end.</span>
            </form>
          </td>
        </tr>
      )}
    </>
  );
}
