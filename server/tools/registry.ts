import { z } from 'zod';
import type { AnyTool } from './define-tool.ts';
import { toolResultSchema } from '../tool-result.ts';
import { createWorkflowControlPlaneTool } from './runtime/create-workflow-control-plane.ts';
import { readWorkflowControlPlaneTool } from './runtime/read-workflow-control-plane.ts';
import { acquireStateLeaseTool } from './runtime/acquire-state-lease.ts';
import { updateWorkflowControlPlaneTool } from './runtime/update-workflow-control-plane.ts';
import { notifyNextWorkerAgentTool } from './runtime/notify-next-worker-agent.ts';
import { notifyIfReadyTool } from './runtime/notify-if-ready.ts';
import { createWorkerAgentsTool } from './runtime/create-worker-agents.ts';
import { finalizeWorkflowTool } from './runtime/finalize-workflow.ts';
import { loadSkillTool } from './runtime/load-skill.ts';
import { unloadSkillTool } from './runtime/unload-skill.ts';
import { invokeSkillToolTool } from './runtime/invoke-skill-tool.ts';
import { startWorkflowRunTool } from './runtime/start-workflow-run.ts';
import { getWorkflowRunTool } from './runtime/get-workflow-run.ts';
import { waitForWorkflowRunTool } from './runtime/wait-for-workflow-run.ts';
import { listWorkflowRunsTool } from './runtime/list-workflow-runs.ts';
import { redriveWorkflowRunTool } from './runtime/redrive-workflow-run.ts';
import { appendGraphEpisodeTool } from './learning/append-graph-episode.ts';
import { storeMemoryTool } from './learning/store-memory.ts';
import { searchEmbeddingsTool } from './learning/search-embeddings.ts';
import { getSkillReliabilityTool } from './learning/get-skill-reliability.ts';
import { getWorkflowLineageTool } from './learning/get-workflow-lineage.ts';
import { findClosestWorkflowTool } from './learning/find-closest-workflow.ts';
import { checkWorkflowHealthTool } from './learning/check-workflow-health.ts';
import { acceptWorkflowUpdateTool } from './learning/accept-workflow-update.ts';
import { saveWorkflowTool } from './learning/save-workflow.ts';
import { getSavedWorkflowTool } from './learning/get-saved-workflow.ts';
import { publishWorkflowVersionTool } from './learning/publish-workflow-version.ts';
import { retireWorkflowVersionTool } from './learning/retire-workflow-version.ts';
import { addMemoryTool } from './learning/add-memory.ts';
import { getEpisodesTool } from './learning/get-episodes.ts';
import { comparePoliciesTool } from './learning/compare-policies.ts';
import { declareToolCallPlanTool } from './planning/declare-tool-call-plan.ts';
import { updateToolCallPlanTool } from './planning/update-tool-call-plan.ts';
import { getToolCallPlanTool } from './planning/get-tool-call-plan.ts';
import { listToolCallPlansTool } from './planning/list-tool-call-plans.ts';
import { listSentinelFindingsTool } from './planning/list-sentinel-findings.ts';
import { getToolCallCostsTool } from './planning/get-tool-call-costs.ts';
import { listPlanningAgentsTool } from './planning/list-planning-agents.ts';
import { getSkillsetTool } from './skills/get-skillset.ts';
import { validateSkillManifestTool } from './skills/validate-skill-manifest.ts';
import { setDemoFaultsTool } from './skills/set-demo-faults.ts';
import { validateWorkflowTool } from './workflows/validate-workflow.ts';
import { testWorkflowStateTool } from './workflows/test-workflow-state.ts';
import { getLastStateInputTool } from './workflows/last-state-input.ts';
import { createCompanionTool } from './delegation/create-companion.ts';
import { dismissCompanionTool } from './delegation/dismiss-companion.ts';
import { listSessionCompanionsTool } from './delegation/list-session-companions.ts';
import { updateCompanionStatusTool } from './delegation/update-companion-status.ts';
import { createSessionContextTool } from './delegation/create-session-context.ts';
import { updateSessionContextTool } from './delegation/update-session-context.ts';
import { finalizeSessionTool } from './delegation/finalize-session.ts';
import { delegateTaskTool } from './delegation/delegate-task.ts';
import { broadcastTaskTool } from './delegation/broadcast-task.ts';
import { readSessionActivityTool } from './delegation/read-session-activity.ts';
import { updateConductorGuidelinesTool } from './delegation/update-conductor-guidelines.ts';
import { readSharedMemoryBlocksTool } from './delegation/read-shared-memory-blocks.ts';
import { listQaResultsTool } from './qa/list-qa-results.ts';
import { getQaResultTool } from './qa/get-qa-result.ts';
import { reviewQaResultTool } from './qa/review-qa-result.ts';
import { createCalibrationSessionTool } from './calibration/create-calibration-session.ts';
import { listCalibrationSessionsTool } from './calibration/list-calibration-sessions.ts';
import { getCalibrationReviewTool } from './calibration/get-calibration-review.ts';
import { saveCalibrationAnswersTool } from './calibration/save-calibration-answers.ts';
import { submitCalibrationReviewTool } from './calibration/submit-calibration-review.ts';
import { getCalibrationResultsTool } from './calibration/get-calibration-results.ts';
import { closeCalibrationSessionTool } from './calibration/close-calibration-session.ts';
import { addCalibrationNoteTool } from './calibration/add-calibration-note.ts';
import { listCalibrationNotesTool } from './calibration/list-calibration-notes.ts';
import { summariseQaResultsTool } from './qa/summarise-qa-results.ts';
import { listAdvisorsTool } from './crm/list-advisors.ts';
import { listProductsTool } from './crm/list-products.ts';
import { countCallsTool } from './crm/count-calls.ts';
import { describeRuleSetTool } from './qa/describe-rule-set.ts';
import { getQaTrendsTool } from './dashboard/get-qa-trends.ts';
import { getComplianceOverviewTool } from './dashboard/get-compliance-overview.ts';
import { getCustomerOutcomesTool } from './dashboard/get-customer-outcomes.ts';
import { getReviewCoverageTool } from './dashboard/get-review-coverage.ts';
import { getOperationsOverviewTool } from './dashboard/get-operations-overview.ts';
import { decomposeTaskTool } from './collaboration/decompose-task.ts';
import { assignSubtasksTool } from './collaboration/assign-subtasks.ts';
import { mergeResultsTool } from './collaboration/merge-results.ts';
import { compareModelsTool } from './collaboration/compare-models.ts';
import { createCollaborationSessionTool } from './collaboration/create-collaboration-session.ts';
import { requestAssistanceTool } from './collaboration/request-assistance.ts';
import { delegateSubtaskTool } from './collaboration/delegate-subtask.ts';
import { evaluateContributionTool } from './collaboration/evaluate-contribution.ts';
import { sharePlanUpdateTool } from './collaboration/share-plan-update.ts';
import { spawnAgentTool } from './collaboration/spawn-agent.ts';
import { sendNotificationTool } from './notifications/send-notification.ts';
import { getNotificationStatusTool } from './notifications/get-notification-status.ts';
import { readAgentMemoryFileTool } from './memory/read-agent-memory-file.ts';
import { writeAgentMemoryFileTool } from './memory/write-agent-memory-file.ts';
import { appendToAgentMemoryFileTool } from './memory/append-to-agent-memory-file.ts';
import { createNewAgentInstanceTool } from './orchestration/create-new-agent-instance.ts';
import { dispatchTaskToAgentTool } from './orchestration/dispatch-task-to-agent.ts';
import { scheduleBackgroundJobTool } from './orchestration/schedule-background-job.ts';
import { listBackgroundJobsTool } from './orchestration/list-background-jobs.ts';
import { pauseBackgroundJobTool } from './orchestration/pause-background-job.ts';
import { resumeBackgroundJobTool } from './orchestration/resume-background-job.ts';
import { deleteBackgroundJobTool } from './orchestration/delete-background-job.ts';
import { runBackgroundJobNowTool } from './orchestration/run-background-job-now.ts';
import { updateBackgroundJobTool } from './orchestration/update-background-job.ts';
import { listDeadLettersTool } from './streams/list-dead-letters.ts';
import { retryDeadLetterTool } from './streams/retry-dead-letter.ts';

/**
 * The one registry of tools. The CLI (`dcf tools`, `dcf tool`), the console's tRPC routers and
 * (from the agents issue) the MCP endpoint all serve exactly this list.
 */
export const TOOLS: readonly AnyTool[] = [
  getSkillsetTool,
  validateSkillManifestTool,
  validateWorkflowTool,
  createWorkflowControlPlaneTool,
  readWorkflowControlPlaneTool,
  acquireStateLeaseTool,
  updateWorkflowControlPlaneTool,
  notifyNextWorkerAgentTool,
  notifyIfReadyTool,
  createWorkerAgentsTool,
  finalizeWorkflowTool,
  loadSkillTool,
  unloadSkillTool,
  invokeSkillToolTool,
  startWorkflowRunTool,
  getWorkflowRunTool,
  waitForWorkflowRunTool,
  listWorkflowRunsTool,
  redriveWorkflowRunTool,
  setDemoFaultsTool,
  appendGraphEpisodeTool,
  storeMemoryTool,
  searchEmbeddingsTool,
  getSkillReliabilityTool,
  getWorkflowLineageTool,
  findClosestWorkflowTool,
  checkWorkflowHealthTool,
  acceptWorkflowUpdateTool,
  saveWorkflowTool,
  getSavedWorkflowTool,
  publishWorkflowVersionTool,
  retireWorkflowVersionTool,
  createCompanionTool,
  dismissCompanionTool,
  listSessionCompanionsTool,
  updateCompanionStatusTool,
  createSessionContextTool,
  updateSessionContextTool,
  finalizeSessionTool,
  delegateTaskTool,
  broadcastTaskTool,
  readSessionActivityTool,
  updateConductorGuidelinesTool,
  readSharedMemoryBlocksTool,
  addMemoryTool,
  getEpisodesTool,
  comparePoliciesTool,
  declareToolCallPlanTool,
  updateToolCallPlanTool,
  getToolCallPlanTool,
  listToolCallPlansTool,
  listSentinelFindingsTool,
  getToolCallCostsTool,
  listPlanningAgentsTool,
  listQaResultsTool,
  getQaResultTool,
  reviewQaResultTool,
  summariseQaResultsTool,
  createCalibrationSessionTool,
  listCalibrationSessionsTool,
  getCalibrationReviewTool,
  saveCalibrationAnswersTool,
  submitCalibrationReviewTool,
  getCalibrationResultsTool,
  closeCalibrationSessionTool,
  addCalibrationNoteTool,
  listCalibrationNotesTool,
  listAdvisorsTool,
  listProductsTool,
  describeRuleSetTool,
  countCallsTool,
  getQaTrendsTool,
  getComplianceOverviewTool,
  getCustomerOutcomesTool,
  getReviewCoverageTool,
  getOperationsOverviewTool,
  decomposeTaskTool,
  assignSubtasksTool,
  mergeResultsTool,
  compareModelsTool,
  createCollaborationSessionTool,
  requestAssistanceTool,
  delegateSubtaskTool,
  evaluateContributionTool,
  sharePlanUpdateTool,
  spawnAgentTool,
  sendNotificationTool,
  getNotificationStatusTool,
  readAgentMemoryFileTool,
  writeAgentMemoryFileTool,
  appendToAgentMemoryFileTool,
  createNewAgentInstanceTool,
  dispatchTaskToAgentTool,
  scheduleBackgroundJobTool,
  listBackgroundJobsTool,
  pauseBackgroundJobTool,
  resumeBackgroundJobTool,
  deleteBackgroundJobTool,
  runBackgroundJobNowTool,
  updateBackgroundJobTool,
  listDeadLettersTool,
  retryDeadLetterTool,
  testWorkflowStateTool,
  getLastStateInputTool,
] as unknown as AnyTool[];

const byName = new Map(TOOLS.map((t) => [t.name, t]));
if (byName.size !== TOOLS.length) throw new Error('duplicate tool name in registry');

export function findTool(name: string): AnyTool | undefined {
  return byName.get(name);
}

export type ToolDescription = { name: string; description: string; readOnly: boolean; inputSchema: unknown; outputSchema: unknown };

/** Every tool with its JSON Schemas (draft 2020-12), generated from the zod definitions. */
export function describeTools(): ToolDescription[] {
  return TOOLS.map((t) => ({
    name: t.name,
    description: t.description,
    readOnly: t.readOnly,
    inputSchema: z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }),
    outputSchema: z.toJSONSchema(toolResultSchema(t.output), { io: 'output', unrepresentable: 'any' }),
  }));
}
