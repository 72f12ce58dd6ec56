'use client';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { ROLE_LABELS } from '@/lib/roles';
import { ROLES, type Notice, type Role } from './types';

const EMPTY = { email: '', displayName: '', role: 'compliance_manager' as Role, password: '' };

/** Creates a user with a role and an initial password; the server's refusals (taken email, short password) are shown as they are. */
export function UserCreateForm({ onDone }: { onDone(notice: Notice): void }) {
  const trpc = useTRPC();
  const [form, setForm] = useState(EMPTY);
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: (user) => {
        setForm(EMPTY);
        onDone({ tone: 'ok', text: `Created ${user.email} as ${ROLE_LABELS[user.role]}.` });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(form);
  };
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  return (
    <form
      onSubmit={submit}
      aria-label="Create user"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_1fr_auto] lg:items-end"
    >
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Email</span>
        <input type="email" required autoComplete="off" className={FIELD} {...field('email')} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Display name</span>
        <input type="text" required autoComplete="off" className={FIELD} {...field('displayName')} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Role</span>
        <select className={FIELD} {...field('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Initial password</span>
        <input
          type="password"
          required
          minLength={10}
          autoComplete="new-password"
          aria-describedby="new-user-password-hint"
          className={FIELD}
          {...field('password')}
        />
      </label>
      <Button type="submit" variant="primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create user'}
      </Button>
      <p id="new-user-password-hint" className="text-xs text-slate-500 sm:col-span-2 lg:col-span-5">
        At least 10 characters. Share it with the person privately; they sign in with it.
      </p>
      {create.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2 lg:col-span-5">
          Could not create the user: {errorMessage(create.error)}
        </p>
      )}
    </form>
  );
}
