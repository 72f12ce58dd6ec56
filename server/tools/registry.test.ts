import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { describeTools, findTool, TOOLS } from './registry.ts';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;

/**
 * Every registered tool and whether it is read-only: the validator issue's, the engine's, the learning loop's,
 * delegated mode's, the Graphiti episode tools, QA review's, then issue 15's QA summary and CRM directory, then
 * issue 16's dashboard widgets, issue 28's durable streams' dead letters.
 */
const READ_ONLY: Record<string, boolean> = {
  get_skillset: true,
  validate_skill_manifest: true,
  validate_workflow: true,
  create_workflow_control_plane: false,
  read_workflow_control_plane: true,
  acquire_state_lease: false,
  update_workflow_control_plane: false,
  notify_next_worker_agent: false,
  notify_if_ready: false,
  create_worker_agents: false,
  finalize_workflow: false,
  load_skill: false,
  unload_skill: false,
  invoke_skill_tool: false,
  start_workflow_run: false,
  get_workflow_run: true,
  wait_for_workflow_run: true,
  list_workflow_runs: true,
  redrive_workflow_run: false,
  set_demo_faults: false,
  append_graph_episode: false,
  store_memory: false,
  search_embeddings: true,
  get_skill_reliability: true,
  get_workflow_lineage: true,
  find_closest_workflow: true,
  check_workflow_health: false,
  accept_workflow_update: false,
  save_workflow: false,
  get_saved_workflow: true,
  publish_workflow_version: false,
  retire_workflow_version: false,
  create_companion: false,
  dismiss_companion: false,
  list_session_companions: true,
  update_companion_status: false,
  create_session_context: false,
  update_session_context: false,
  finalize_session: false,
  delegate_task: false,
  broadcast_task: false,
  read_session_activity: true,
  update_conductor_guidelines: false,
  read_shared_memory_blocks: true,
  add_memory: false,
  get_episodes: true,
  compare_policies: true,
  declare_tool_call_plan: false,
  update_tool_call_plan: false,
  get_tool_call_plan: true,
  list_tool_call_plans: true,
  list_sentinel_findings: true,
  get_tool_call_costs: true,
  list_planning_agents: true,
  list_qa_results: true,
  get_qa_result: true,
  review_qa_result: false,
  create_calibration_session: false,
  list_calibration_sessions: true,
  get_calibration_review: true,
  save_calibration_answers: false,
  submit_calibration_review: false,
  get_calibration_results: true,
  close_calibration_session: false,
  add_calibration_note: false,
  list_calibration_notes: true,
  summarise_qa_results: true,
  list_advisors: true,
  list_products: true,
  describe_rule_set: true,
  count_calls: true,
  get_qa_trends: true,
  get_compliance_overview: true,
  get_customer_outcomes: true,
  get_review_coverage: true,
  get_operations_overview: true,
  decompose_task: false,
  assign_subtasks: false,
  merge_results: false,
  compare_models: true,
  create_collaboration_session: false,
  request_assistance: false,
  delegate_subtask: false,
  evaluate_contribution: false,
  share_plan_update: false,
  spawn_agent: false,
  send_notification: false,
  get_notification_status: true,
  read_agent_memory_file: true,
  write_agent_memory_file: false,
  append_to_agent_memory_file: false,
  create_new_agent_instance: false,
  dispatch_task_to_agent: false,
  schedule_background_job: false,
  list_background_jobs: true,
  pause_background_job: false,
  resume_background_job: false,
  delete_background_job: false,
  run_background_job_now: false,
  update_background_job: false,
  list_dead_letters: true,
  retry_dead_letter: false,
  test_workflow_state: false,
  get_last_state_input: true,
};

/** The spec tools the engine issue adds. */
const ENGINE_TOOLS = [
  'create_workflow_control_plane',
  'read_workflow_control_plane',
  'acquire_state_lease',
  'update_workflow_control_plane',
  'notify_next_worker_agent',
  'notify_if_ready',
  'create_worker_agents',
  'finalize_workflow',
  'load_skill',
  'unload_skill',
  'invoke_skill_tool',
  'start_workflow_run',
  'get_workflow_run',
  'set_demo_faults',
];

describe('tool registry', () => {
  it("holds exactly the registered tools, the engine issue's spec tools once each", () => {
    const names = TOOLS.map((t) => t.name);
    expect(names).toHaveLength(104);
    expect([...names].sort()).toEqual(Object.keys(READ_ONLY).sort());
    expect(ENGINE_TOOLS).toHaveLength(14);
    for (const name of ENGINE_TOOLS)
      expect(
        names.filter((n) => n === name),
        name,
      ).toHaveLength(1);
    expect(findTool('validate_workflow')?.readOnly).toBe(true);
    expect(findTool('nope')).toBeUndefined();
  });

  it('marks exactly read_workflow_control_plane and get_workflow_run read-only among the engine tools', () => {
    for (const t of TOOLS) {
      expect(t.description.trim(), t.name).not.toBe('');
      expect(t.readOnly, t.name).toBe(READ_ONLY[t.name]);
      expect(findTool(t.name), t.name).toBe(t);
    }
    expect(ENGINE_TOOLS.filter((n) => READ_ONLY[n])).toEqual(['read_workflow_control_plane', 'get_workflow_run']);
  });

  it('describes every tool with a description and compilable draft 2020-12 JSON Schemas', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const d of describeTools()) {
      expect(d.description.length, d.name).toBeGreaterThan(40);
      expect((d.inputSchema as { type?: string }).type, d.name).toBe('object');
      expect(() => ajv.compile(d.inputSchema as object), d.name).not.toThrow();
      expect(() => ajv.compile(d.outputSchema as object), d.name).not.toThrow();
    }
  });

  it('publishes the envelope in every output schema', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const d of describeTools()) {
      const validate = ajv.compile(d.outputSchema as object);
      expect(validate({ status: 'error', error: 'x', error_code: 'not_found' }), d.name).toBe(true);
      expect(validate({ status: 'weird' }), d.name).toBe(false);
    }
  });
});
