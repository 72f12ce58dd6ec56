import type { Metadata } from 'next';
import { pageUser } from '@/components/shell/page-user';
import { PageHeader } from '@/components/ui/page-header';
import { RoleNotice } from '@/components/shell/role-notice';
import { WorkflowWorkbench } from '@/components/workflows/workflow-workbench';

export const metadata: Metadata = { title: 'Workflows' };

/** Check a Letta-ASL workflow and preview its control plane; every role may validate (it changes nothing). */
export default async function WorkflowsPage() {
  const user = await pageUser();
  return (
    <>
      <PageHeader
        title="Workflows"
        description="Check a Letta-ASL workflow (schema v2.2.0) against the schema, the state graph and the skill catalog. Every finding is pinned to its place in the document; a valid workflow shows the control plane it compiles to."
      />
      {user.role === 'stakeholder' && (
        <RoleNotice>
          You have read-only access as a stakeholder: you can check workflows and see what they compile to, but not change or run them.
        </RoleNotice>
      )}
      <WorkflowWorkbench />
    </>
  );
}
