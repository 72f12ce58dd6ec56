import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { PageHeader } from '@/components/ui/page-header';
import { RoleNotice } from '@/components/shell/role-notice';
import { RunList } from '@/components/runs/list/run-list';
import { WORKFLOW_RUNNERS } from '@/lib/roles';

export const metadata: Metadata = { title: 'Runs' };

/**
 * The run list (issue 6): every role reads it; designers, compliance managers and admins also
 * cancel and redrive runs. The filter lives in the URL (`?workflow_id=&version=` from the
 * catalog's Runs link, and every other filter field).
 */
export default async function RunsPage() {
  const user = await pageUser();
  const canRun = WORKFLOW_RUNNERS.includes(user.role);
  return (
    <>
      <PageHeader
        title="Runs"
        description={
          'Every workflow run, newest first and updated live: filter by workflow, version, status, date or advisor, ' +
          'save the filters you use, and open a run to follow it state by state.'
        }
      />
      {!canRun && (
        <RoleNotice>
          You have read-only access as a stakeholder: you can follow runs and save filters, but not cancel or redrive runs.
        </RoleNotice>
      )}
      <RunList role={user.role} canRun={canRun} />
    </>
  );
}
