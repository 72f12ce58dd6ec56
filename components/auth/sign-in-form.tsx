'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { FIELD } from '@/components/ui/button';

type LabeledInputProps = {
  label: string;
  type: 'email' | 'password';
  name: string;
  autoComplete: string;
  value: string;
  onChange: (v: string) => void;
};

/** A required text input with its visible label (the label is the input's accessible name). */
function LabeledInput({ label, onChange, ...input }: LabeledInputProps) {
  return (
    <label className="block text-sm">
      <span className="font-medium">{label}</span>
      <input {...input} required onChange={(e) => onChange(e.target.value)} className={`${FIELD} mt-1 w-full py-2`} />
    </label>
  );
}

/** A demo user as the sign-in page lists them (only when the console seeds them: DCF_DEMO_USERS). */
export interface DemoUser {
  email: string;
  password: string;
  name: string;
  role: string;
}

/**
 * Email + password form; on success the session cookie is set by the server and we go to `next`.
 * With demo users (a demo console) it lists them beneath, one per role, with their public
 * passwords: choosing one fills the form and signs in, so a newcomer needs no README to start.
 */
export function SignInForm({ next, demoUsers = [] }: { next: string; demoUsers?: readonly DemoUser[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      onSuccess: () => {
        router.replace(next);
        router.refresh();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ email, password });
  };
  return (
    <form onSubmit={submit} className="mt-6 space-y-4" aria-label="Sign in">
      <LabeledInput label="Email" type="email" name="email" autoComplete="username" value={email} onChange={setEmail} />
      <LabeledInput
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      {signIn.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {signIn.error.message}
        </p>
      )}
      <button
        type="submit"
        disabled={signIn.isPending}
        className="w-full rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
      {demoUsers.length > 0 && (
        <section aria-labelledby="demo-users-title" className="border-t border-slate-200 pt-4" data-testid="demo-users">
          <h2 id="demo-users-title" className="text-sm font-medium text-slate-900">
            Demo users
          </h2>
          <p className="mt-0.5 text-xs text-slate-600">This console runs with demo users; their passwords are public. One per role:</p>
          <ul className="mt-2 space-y-1.5">
            {demoUsers.map((u) => (
              <li key={u.email}>
                <button
                  type="button"
                  disabled={signIn.isPending}
                  className="w-full rounded-md border border-slate-200 px-3 py-1.5 text-left text-sm hover:bg-slate-50 disabled:opacity-60"
                  onClick={() => {
                    setEmail(u.email);
                    setPassword(u.password);
                    signIn.mutate({ email: u.email, password: u.password });
                  }}
                >
                  <span className="font-medium text-slate-900">{u.role}</span>
                  <span className="text-slate-600"> · {u.name}</span>
                  <span className="block text-xs text-slate-600">
                    {u.email} · password {u.password}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}
