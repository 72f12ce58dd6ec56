import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { RoleNotice } from '@/components/shell/role-notice';
import { PageHeader } from '@/components/ui/page-header';
import { GraphExplorer } from '@/components/graph/graph-explorer';
import type { GraphSelection } from '@/components/graph/graph-selection';

export const metadata: Metadata = { title: 'Graph' };

type Params = { workflow?: string | string[]; version?: string | string[]; skill?: string | string[] };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/**
 * The learning loop's knowledge graph: the lineage of saved workflows (spec §3.5), the runs and
 * descendants of each version, skill reliability, and health-check proposals (spec §4.4).
 * Health checks and accepting proposals are for designers and admins (the server enforces it).
 */
export default async function GraphPage({ searchParams }: { searchParams: Promise<Params> }) {
  const user = await pageUser();
  const canChange = user.role === 'workflow_designer' || user.role === 'admin';
  const p = await searchParams;
  const workflow = one(p.workflow);
  const version = one(p.version);
  const skill = one(p.skill);
  const initial: GraphSelection =
    workflow && version ? { kind: 'version', ref: { workflowId: workflow, version } } : skill ? { kind: 'skill', uri: skill } : null;
  return (
    <>
      <PageHeader
        title="Graph"
        description={
          'The knowledge graph the learning loop builds from runs: saved workflows and their versions and refinements, ' +
          'the runs of each version, how reliable each skill has been, and the updates health checks propose.'
        }
      />
      {!canChange && (
        <RoleNotice>
          {user.role === 'stakeholder' ? 'You have read-only access as a stakeholder. ' : ''}
          Running health checks and accepting proposed updates is for workflow designers and admins; you can explore the lineage, runs and
          reliability.
        </RoleNotice>
      )}
      <GraphExplorer initial={initial} canChange={canChange} />
    </>
  );
}
