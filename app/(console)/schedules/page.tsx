import type { Metadata } from 'next';
import { SchedulesPage } from '@/components/schedules/schedules-page';
import { navItemFor, roleListText } from '@/components/shell/nav-items';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { allows } from '@/server/app/current-user';
import { pageUser } from '@/server/app/page-user';
import { SCHEDULES_ROLES } from '@/server/trpc/routers/schedules';

export const metadata: Metadata = { title: 'Schedules' };

/**
 * Background jobs (issue 18): admins see and manage every job, with whom each belongs to;
 * compliance managers the jobs they own (server/schedules/job-owner.ts), such as a review the
 * Planner scheduled from their chat. Other roles get a notice; the schedules procedures refuse
 * them regardless, and refuse a manager someone else's job.
 */
export default async function SchedulesRoute() {
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Schedules" description={navItemFor('/schedules').purpose} />
      {allows(user, SCHEDULES_ROLES) ? (
        <SchedulesPage isAdmin={user.role === 'admin'} />
      ) : (
        <RoleNotice>
          Schedules is for {roleListText(SCHEDULES_ROLES)}: it shows the background jobs that dispatch tasks to agents, such as a weekly
          review scheduled from the chat.
        </RoleNotice>
      )}
    </>
  );
}
