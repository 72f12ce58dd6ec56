import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { CompareView } from '@/components/editor/compare/compare-view';

export const metadata: Metadata = { title: 'Compare workflow versions' };

/** Two saved workflow versions side by side (every role may read them). */
export default function CompareVersionsPage() {
  return (
    <>
      <PageHeader
        title="Compare versions"
        description="Two saved versions side by side: states added, removed and changed on their graphs, and every difference in their JSON."
      />
      <CompareView />
    </>
  );
}
