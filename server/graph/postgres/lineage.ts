import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoString, sortByRef, sortLineageEdges, sortLineageNodes } from '../ordering.ts';
import type { ExecutionSummary, LineageEdge, LineageNode, LinkKind, WorkflowRef } from '../port.ts';
import { rowsOf } from '../../db/rows.ts';

/** Lineage reads: recursive CTEs over graph_edges (UNION, so cycles terminate). */

interface NodeRow {
  workflow_id: string;
  version: string;
  name: string;
  created_at: Date | string;
}

const toNode = (r: NodeRow): LineageNode => ({
  workflow_id: r.workflow_id,
  version: r.version,
  name: r.name,
  created_at: isoString(r.created_at),
});

/** `family(workflow_id, version)`: every version connected to any version of `workflowId`, edges taken both ways. */
function familyCte(workflowId: string): SQL {
  return sql`
    with recursive adjacent as (
      select child_workflow_id as a_id, child_version as a_v, parent_workflow_id as b_id, parent_version as b_v from graph_edges
      union all
      select parent_workflow_id, parent_version, child_workflow_id, child_version from graph_edges
    ), family(workflow_id, version) as (
      select workflow_id, version from graph_workflows where workflow_id = ${workflowId}
      union
      select adjacent.b_id, adjacent.b_v from family join adjacent on adjacent.a_id = family.workflow_id and adjacent.a_v = family.version
    )`;
}

export async function lineage(db: Db, workflowId: string): Promise<{ nodes: LineageNode[]; edges: LineageEdge[] }> {
  const nodes = rowsOf<NodeRow>(
    await db.execute(sql`${familyCte(workflowId)}
      select w.workflow_id, w.version, w.name, w.created_at from family join graph_workflows w using (workflow_id, version)`),
  );
  // The family is closed under adjacency, so an edge whose child is in it has its parent in it too.
  const edges = rowsOf<{ kind: LinkKind; cw: string; cv: string; pw: string; pv: string }>(
    await db.execute(sql`${familyCte(workflowId)}
      select e.kind, e.child_workflow_id as cw, e.child_version as cv, e.parent_workflow_id as pw, e.parent_version as pv
      from graph_edges e join family on e.child_workflow_id = family.workflow_id and e.child_version = family.version`),
  );
  return {
    nodes: sortLineageNodes(nodes.map(toNode)),
    edges: sortLineageEdges(
      edges.map((e) => ({ kind: e.kind, from: { workflow_id: e.cw, version: e.cv }, to: { workflow_id: e.pw, version: e.pv } })),
    ),
  };
}

export async function descendants(db: Db, node: WorkflowRef): Promise<LineageNode[]> {
  const rows = rowsOf<NodeRow>(
    await db.execute(sql`
      with recursive derived(workflow_id, version) as (
        select child_workflow_id, child_version from graph_edges
        where parent_workflow_id = ${node.workflow_id} and parent_version = ${node.version}
        union
        select e.child_workflow_id, e.child_version from graph_edges e
        join derived on e.parent_workflow_id = derived.workflow_id and e.parent_version = derived.version
      )
      select w.workflow_id, w.version, w.name, w.created_at from derived join graph_workflows w using (workflow_id, version)
      where not (w.workflow_id = ${node.workflow_id} and w.version = ${node.version})`),
  );
  return sortLineageNodes(rows.map(toNode));
}

export async function executions(db: Db, node: WorkflowRef, limit: number): Promise<ExecutionSummary[]> {
  const rows = rowsOf<{ run_id: string; status: string; started_at: Date | string; finished_at: Date | string }>(
    await db.execute(sql`
      select run_id, status, started_at, finished_at from graph_executions
      where workflow_id = ${node.workflow_id} and workflow_version = ${node.version}
      order by started_at desc, run_id collate "C" desc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    run_id: r.run_id,
    status: r.status,
    started_at: isoString(r.started_at),
    finished_at: isoString(r.finished_at),
  }));
}

export async function workflowsUsingSkill(db: Db, uri: string): Promise<LineageNode[]> {
  const rows = rowsOf<NodeRow>(
    await db.execute(sql`select workflow_id, version, name, created_at from graph_workflows where ${uri} = any(skills)`),
  );
  return sortByRef(rows.map(toNode));
}
