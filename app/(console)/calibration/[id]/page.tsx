import type { Metadata } from 'next';
import { QA_REVIEWERS } from '@/lib/roles';
import { SessionPage } from '@/components/calibration/session-page';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { pageUser } from '@/server/app/page-user';

export const metadata: Metadata = { title: 'Calibration session' };

/** One calibration session: its reviewers' blind review, then the results; compliance managers and admins only. */
export default async function CalibrationSessionRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await pageUser();
  return (
    <>
      <PageHeader title="Calibration session" description="Blind review of a sample of calls by several reviewers, then their agreement." />
      {QA_REVIEWERS.includes(user.role) ? (
        <SessionPage id={id} me={{ id: user.id, email: user.email, role: user.role }} />
      ) : (
        <RoleNotice>Calibration sessions are for compliance managers and admins.</RoleNotice>
      )}
    </>
  );
}
