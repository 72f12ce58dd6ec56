import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentUser } from '@/server/app/current-user';
import { SignInForm } from '@/components/auth/sign-in-form';
import { DEMO_USERS } from '@/lib/demo-users';
import { ROLE_LABELS } from '@/lib/roles';
import { config } from '@/server/config';
import { safeReturnPath } from '@/lib/return-path';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

/** `next` is resolved against the console's own origin; a page elsewhere is never a return target. */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeReturnPath((await searchParams).next, config().execution.publicUrl);
  if (await currentUser()) redirect(next);
  // Only a console that seeds the demo users lists them (their passwords are public by design).
  const demoUsers = config().demoUsers
    ? DEMO_USERS.map((u) => ({ email: u.email, password: u.password, name: u.displayName, role: ROLE_LABELS[u.role] }))
    : [];
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold">DCF Console</h1>
        <p className="mt-1 text-sm text-slate-500">Sign in to plan, run and review workflows.</p>
        <SignInForm next={next} demoUsers={demoUsers} />
      </div>
    </main>
  );
}
