import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { QaDetailPage } from '@/components/qa/detail/qa-detail-page';
import { QA_REVIEWERS } from '@/lib/roles';

export const metadata: Metadata = { title: 'QA result' };

/** One analysed call: every role reads it; compliance managers and admins review it (the server checks the same roles). */
export default async function QaResultPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await pageUser();
  return <QaDetailPage id={id} canReview={QA_REVIEWERS.includes(user.role)} me={user.email} />;
}
