/**
 * The labels, relationship types and property keys of the graph model (statements.ts). The
 * parser test lints every statement against this vocabulary, so a misspelt label, type or
 * property is reported like a syntax error.
 */
export const GRAPH_VOCABULARY = {
  labels: ['Skill', 'Workflow', 'WorkflowExecution', 'Episodic', 'DelegatedTask'],
  relationshipTypes: ['USED_SKILL', 'EXECUTION_OF', 'VERSION_OF', 'REFINEMENT_OF', 'MENTIONS'],
  propertyKeys: [
    // :Skill
    'uri',
    'name',
    'version',
    'capability',
    'tags',
    'n_success',
    'n_failures',
    'n_caller_errors',
    'updated_at',
    // :Workflow
    'workflow_id',
    'description',
    'skills',
    'created_at',
    'author',
    // :WorkflowExecution
    'run_id',
    'write_id',
    'workflow_version',
    'workflow_name',
    'status',
    'started_at',
    'finished_at',
    'recorded_at',
    // :DelegatedTask
    'session_id',
    'task_id',
    'companion_id',
    'duration_s',
    'completed_at',
    // :Episodic (Graphiti) and MENTIONS
    'uuid',
    'group_id',
    'source',
    'source_description',
    'content',
    'entity_edges',
    'valid_at',
    // USED_SKILL
    'seq',
    'state',
    'outcome',
    'latency_ms',
    'error',
    'attempts',
    'swapped_from',
    'strategy',
    'at',
  ],
  /** Accessors of DATETIME values, which the linter checks like property keys. */
  temporalAccessors: ['epochMillis'],
} as const;
