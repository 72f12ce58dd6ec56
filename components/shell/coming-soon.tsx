import { pageUser } from './page-user';
import { PageHeader } from '@/components/ui/page-header';
import { ROLE_LABELS } from '@/server/auth/roles';
import { navItemFor, roleListText } from './nav-items';

/**
 * The page of a section that a later issue builds: what it will do and which issue brings it.
 * No sample content. A user whose role will not have the section is told so instead.
 */
export async function ComingSoon({ href }: { href: string }) {
  const item = navItemFor(href);
  const user = await pageUser();
  const allowed = item.roles.includes(user.role);
  return (
    <>
      <PageHeader title={item.label} description={item.purpose} />
      <div className="max-w-2xl rounded-xl border border-dashed border-slate-300 bg-white p-6" data-testid="coming-soon">
        {allowed ? (
          <>
            <p className="text-sm font-medium text-slate-900">Not available yet</p>
            <p className="mt-1 text-sm text-slate-600">
              This section arrives with the <span className="font-medium">“{item.comingIn}”</span> issue. Until then there is nothing to show here.
            </p>
          </>
        ) : (
          <>
            <p className="text-sm font-medium text-slate-900">Not available for your role</p>
            <p className="mt-1 text-sm text-slate-600">
              {item.label} is for these roles: {roleListText(item.roles)}. You are signed in as {ROLE_LABELS[user.role]}.
            </p>
          </>
        )}
      </div>
    </>
  );
}
