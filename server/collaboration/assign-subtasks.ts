import { collaborationAssignments } from '../db/schema/index.ts';
import { assignSubtasks, type Candidate, type Reliability, type SubtaskToAssign } from './assign.ts';
import type { Collab } from './context.ts';
import { writerOf } from './errors.ts';
import { collaborationFigures, reliabilityOf } from './figures.ts';

/** assign_subtasks: the pure rules of assign.ts over the measured record of the candidates; every assignment recorded. */
export async function assignAndRecord(c: Collab, subtasks: SubtaskToAssign[], candidates: Candidate[]) {
  const figures = await collaborationFigures(
    c.db,
    candidates.map((m) => m.id),
  );
  const record = new Map<string, Reliability>([...figures].map(([id, f]) => [id, reliabilityOf(f)]));
  const assignments = assignSubtasks(subtasks, candidates, record);
  if (assignments.length > 0) {
    await c.db.insert(collaborationAssignments).values(
      assignments.map((a, i) => ({
        subtaskRef: a.subtask_id,
        description: subtasks[i]!.description,
        requiredCapabilities: subtasks[i]!.required_capabilities,
        assignedAgentId: a.assigned_agent_id,
        matchedCapabilities: a.matched_capabilities,
        reliability: a.reliability,
        reason: a.reason,
        createdBy: writerOf(c.actor),
      })),
    );
  }
  return {
    assignments,
    assigned_count: assignments.filter((a) => a.status === 'assigned').length,
    unassigned_count: assignments.filter((a) => a.status === 'unassigned').length,
  };
}
