import type { WorkflowDoc } from '../model/types';

/**
 * A new, empty workflow: a fresh workflow_id, version 0.1.0, an input schema with no fields yet
 * and an empty state machine (the first state added becomes its StartAt). `now` and `id` are
 * parameters so tests get a fixed document.
 */
export function newWorkflowDocument(id: string = crypto.randomUUID(), now: Date = new Date()): WorkflowDoc {
  return {
    workflow_schema_version: '2.2.0',
    workflow_id: id,
    workflow_name: 'Untitled workflow',
    description: '',
    version: '0.1.0',
    created_at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    tags: [],
    workflow_input_schema: { type: 'object', properties: {}, required: [] },
    skill_imports: [],
    asl: { StartAt: '', States: {} },
  };
}
