import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentUser } from '@/server/app/current-user';
import { SignInForm } from '@/components/auth/sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

/** Only same-site paths are accepted as a return target (no open redirect). */
function safeNext(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/skills';
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  if (await currentUser()) redirect(next);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold">DCF Console</h1>
        <p className="mt-1 text-sm text-slate-500">Sign in to plan, run and review workflows.</p>
        <SignInForm next={next} />
      </div>
    </main>
  );
}
