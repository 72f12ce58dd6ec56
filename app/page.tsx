import { redirect } from 'next/navigation';
import { requireUser } from '@/server/app/current-user';
import { homeFor } from '@/lib/roles';

export const dynamic = 'force-dynamic';

/** `/` is each role's home (lib/roles.ts ROLE_HOMES); a visitor without a session signs in first and comes back here. */
export default async function Home() {
  const user = await requireUser('/');
  redirect(homeFor(user.role));
}
