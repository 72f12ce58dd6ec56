import type { Metadata } from 'next';
import { SchedulesPage } from '@/components/schedules/schedules-page';
import { navItemFor } from '@/components/shell/nav-items';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { pageUser } from '@/server/app/page-user';

export const metadata: Metadata = { title: 'Schedules' };

/** Background jobs (issue 18, admins). Other roles get a notice; the schedules procedures refuse them regardless. */
export default async function SchedulesRoute() {
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Schedules" description={navItemFor('/schedules').purpose} />
      {user.role === 'admin'
        ? <SchedulesPage />
        : <RoleNotice>Schedules is for admins: it shows the background jobs that dispatch tasks to agents.</RoleNotice>}
    </>
  );
}
