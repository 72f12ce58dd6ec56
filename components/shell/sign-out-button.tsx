'use client';
import { useRouter } from 'next/navigation';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';

export function SignOutButton() {
  const trpc = useTRPC();
  const router = useRouter();
  const signOut = useMutation(trpc.auth.signOut.mutationOptions({ onSettled: () => router.replace('/sign-in') }));
  return (
    <button
      type="button"
      onClick={() => signOut.mutate()}
      className="text-xs text-slate-500 underline-offset-2 hover:text-slate-900 hover:underline"
    >
      Sign out
    </button>
  );
}
