import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { requireUser } from '@/server/app/current-user';
import { Nav } from '@/components/shell/nav';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { ROLE_LABELS } from '@/components/shell/nav-items';

export const dynamic = 'force-dynamic';

/** Every console page requires a signed-in user; the shell shows who and in which role. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const path = (await headers()).get('x-dcf-path') ?? '/skills';
  const user = await requireUser(path);
  return (
    <div className="flex min-h-screen">
      <aside className="flex w-56 shrink-0 flex-col border-r border-slate-200 bg-white p-4">
        <div className="mb-6 px-3">
          <div className="text-base font-semibold">DCF Console</div>
          <div className="text-xs text-slate-500">Dynamic Capability Framework</div>
        </div>
        <Nav role={user.role} />
        <div className="mt-auto border-t border-slate-100 px-3 pt-4 text-sm">
          <div className="font-medium" data-testid="current-user">{user.displayName}</div>
          <div className="text-xs text-slate-500" data-testid="current-role">{ROLE_LABELS[user.role]}</div>
          <div className="mt-2"><SignOutButton /></div>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-8">{children}</main>
    </div>
  );
}
