import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { EditorPage } from '@/components/editor/editor-page';
import { WORKFLOW_EDITORS, WORKFLOW_RUNNERS } from '@/lib/roles';

export const metadata: Metadata = { title: 'Workflow editor' };

/**
 * The visual workflow editor. Designers and admins edit; compliance managers and stakeholders
 * see the same canvas read-only (compliance managers may still run). The server enforces the
 * same split on every save and run.
 */
export default async function WorkflowEditorRoute() {
  const user = await pageUser();
  return <EditorPage permissions={{ canEdit: WORKFLOW_EDITORS.includes(user.role), canRun: WORKFLOW_RUNNERS.includes(user.role) }} />;
}
