import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { RunDetailPage } from '@/components/runs/detail/run-detail-page';
import { WORKFLOW_RUNNERS } from '@/lib/roles';

export const metadata: Metadata = { title: 'Run' };

/** One run, live: every role may watch; designers, compliance managers and admins may act on it. */
export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const user = await pageUser();
  return <RunDetailPage runId={runId} canRun={WORKFLOW_RUNNERS.includes(user.role)} />;
}
