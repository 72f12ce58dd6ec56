import type { Metadata } from 'next';
import { QA_REVIEWERS } from '@/lib/roles';
import { CalibrationPage } from '@/components/calibration/calibration-page';
import { navItemFor } from '@/components/shell/nav-items';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { pageUser } from '@/server/app/page-user';

export const metadata: Metadata = { title: 'Calibration' };

/** Calibration sessions (issue 34), for compliance managers and admins; others get a notice (the procedures refuse them regardless). */
export default async function CalibrationRoute() {
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Calibration" description={navItemFor('/calibration').purpose} />
      {QA_REVIEWERS.includes(user.role) ? (
        <CalibrationPage me={user.email} />
      ) : (
        <RoleNotice>
          Calibration sessions are for compliance managers and admins: they review calls blind and compare their answers.
        </RoleNotice>
      )}
    </>
  );
}
