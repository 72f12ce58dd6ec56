import type { ReactNode } from 'react';
import { pageUser } from '@/server/app/page-user';
import { Nav } from '@/components/shell/nav';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { ROLE_LABELS } from '@/lib/roles';

export const dynamic = 'force-dynamic';

/** Every console page requires a signed-in user; the shell shows who and in which role. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await pageUser();
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className={
          'sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 ' +
          'focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow'
        }
      >
        Skip to content
      </a>
      <aside className="sticky top-0 flex h-screen w-56 shrink-0 flex-col border-r border-slate-200 bg-white p-4 print:hidden">
        <div className="mb-6 px-3">
          <div className="flex items-center justify-between gap-2">
            <div className="text-base font-semibold">DCF Console</div>
            <NotificationBell />
          </div>
          <div className="text-xs text-slate-500">Dynamic Capability Framework</div>
        </div>
        <Nav role={user.role} />
        <div className="mt-auto border-t border-slate-100 px-3 pt-4 text-sm">
          <div className="font-medium" data-testid="current-user">
            {user.displayName}
          </div>
          <div className="text-xs text-slate-500" data-testid="current-role">
            {ROLE_LABELS[user.role]}
          </div>
          <div className="mt-2">
            <SignOutButton />
          </div>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-8 outline-none print:p-0">
        {children}
      </main>
    </div>
  );
}
