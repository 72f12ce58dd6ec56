import { describe, expect, it } from 'vitest';
import { describeTools } from '../registry.ts';

/**
 * The collaboration tools' input schemas are exactly the spec's (collaboration-tools.md): properties,
 * required, enums and bounds.
 */
/** The spec's input schemas: properties, required, enums and bounds (collaboration-tools.md). */
const SPEC: Record<string, { properties: string[]; required: string[] }> = {
  decompose_task: { properties: ['task', 'available_models'], required: ['task', 'available_models'] },
  assign_subtasks: { properties: ['subtasks', 'available_models'], required: ['subtasks', 'available_models'] },
  merge_results: { properties: ['results'], required: ['results'] },
  compare_models: { properties: ['model_ids', 'capabilities'], required: ['model_ids'] },
  create_collaboration_session: {
    properties: ['title', 'description', 'participant_model_ids', 'coordinator_model_id'],
    required: ['title', 'description', 'participant_model_ids', 'coordinator_model_id'],
  },
  request_assistance: {
    properties: ['requesting_agent_id', 'task_description', 'required_capabilities', 'target_agent_id', 'urgency'],
    required: ['requesting_agent_id', 'task_description'],
  },
  delegate_subtask: {
    properties: [
      'coordinator_agent_id',
      'assigned_agent_id',
      'subtask_id',
      'subtask_description',
      'parent_task_id',
      'deadline',
      'contextual_data',
    ],
    required: ['coordinator_agent_id', 'assigned_agent_id', 'subtask_id', 'subtask_description'],
  },
  evaluate_contribution: {
    properties: ['evaluating_agent_id', 'contributing_agent_id', 'contribution_ref', 'evaluation_criteria', 'comments'],
    required: ['evaluating_agent_id', 'contributing_agent_id', 'contribution_ref'],
  },
  share_plan_update: {
    properties: [
      'sender_id',
      'recipient_id',
      'thread_id',
      'plan_summary',
      'current_step',
      'next_steps',
      'blockers',
      'confidence_level',
      'related_task_id',
    ],
    required: ['sender_id', 'plan_summary'],
  },
  spawn_agent: {
    properties: ['requesting_agent_id', 'agent_type', 'role', 'capabilities', 'initial_task_description'],
    required: ['requesting_agent_id', 'agent_type', 'role', 'capabilities'],
  },
};

describe('the collaboration tools', () => {
  it("serve exactly the spec's input schemas", () => {
    const described = new Map(
      describeTools().map((t) => [t.name, t.inputSchema as { properties: Record<string, Record<string, unknown>>; required?: string[] }]),
    );
    for (const [name, spec] of Object.entries(SPEC)) {
      const s = described.get(name)!;
      expect(Object.keys(s.properties).sort(), name).toEqual([...spec.properties].sort());
      expect([...(s.required ?? [])].sort(), name).toEqual([...spec.required].sort());
    }
    expect(described.get('request_assistance')!.properties.urgency).toMatchObject({
      enum: ['high', 'medium', 'low'],
      default: 'medium',
    });
    expect(described.get('spawn_agent')!.properties.agent_type).toMatchObject({
      enum: ['cline-vscode', 'claude-desktop', 'roocode-vscode', 'generic-worker'],
    });
    expect(described.get('share_plan_update')!.properties.confidence_level).toMatchObject({ minimum: 0, maximum: 1 });
    const criteria = described.get('evaluate_contribution')!.properties.evaluation_criteria as {
      properties: Record<string, unknown>;
    };
    for (const k of ['clarity', 'relevance', 'completeness', 'actionability'])
      expect(criteria.properties[k]).toMatchObject({ minimum: 1, maximum: 5 });
  });
});
