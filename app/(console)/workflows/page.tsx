import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { pageUser } from '@/server/app/page-user';
import { PageHeader } from '@/components/ui/page-header';
import { RoleNotice } from '@/components/shell/role-notice';
import { WorkflowCatalog } from '@/components/workflows/catalog/workflow-catalog';
import { editorHref } from '@/components/workflows/editor-links';
import { WORKFLOW_EDITORS } from '@/lib/roles';

export const metadata: Metadata = { title: 'Workflows' };

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The workflow catalog. Older links that opened a document on this page (`?workflow=&version=`,
 * `?draft=1` from the chat) go to the editor.
 */
export default async function WorkflowsPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const one = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : null);
  if (one('workflow') && one('version')) redirect(editorHref({ kind: 'saved', workflowId: one('workflow')!, version: one('version')! }));
  if (one('draft') === '1') redirect(editorHref({ kind: 'handover' }));
  const user = await pageUser();
  const canEdit = WORKFLOW_EDITORS.includes(user.role);
  return (
    <>
      <PageHeader
        title="Workflows"
        description="Saved Letta-ASL workflows with every version: open one in the visual editor, compare versions, see its runs, or start a new one."
      />
      {!canEdit && (
        <RoleNotice>
          {user.role === 'stakeholder'
            ? 'You have read-only access as a stakeholder: you can open workflows and compare versions, but not change or run them.'
            : 'You can open, compare and run workflows; designers and admins change them.'}
        </RoleNotice>
      )}
      <WorkflowCatalog canEdit={canEdit} />
    </>
  );
}
