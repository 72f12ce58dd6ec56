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

/** Email + password form; on success the session cookie is set by the server and we go to `next`. */
export function SignInForm({ next }: { next: string }) {
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
    </form>
  );
}
