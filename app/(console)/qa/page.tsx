import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { navItemFor } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { RoleNotice } from '@/components/shell/role-notice';
import { QaPage } from '@/components/qa/qa-page';
import { QA_REVIEWERS } from '@/lib/roles';

export const metadata: Metadata = { title: 'QA review' };

/**
 * QA review (issue 13): the queue of analysed calls with triage filters and the agreement between
 * reviewers and the AI. Every role reads it; compliance managers and admins review calls.
 */
export default async function QaReviewPage() {
  const user = await pageUser();
  const canReview = QA_REVIEWERS.includes(user.role);
  return (
    <>
      <PageHeader title="QA review" description={navItemFor('/qa').purpose} />
      {!canReview && (
        <RoleNotice>
          You have read-only access: you can triage calls, read their results and reviews, and save filters. Compliance managers and admins
          review calls.
        </RoleNotice>
      )}
      <QaPage />
    </>
  );
}
