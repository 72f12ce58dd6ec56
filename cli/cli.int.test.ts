import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from './context.ts';
import { runDcf } from '../server/testing/run-dcf.ts';

const dcf = runDcf;

const readJson = async (rel: string) => JSON.parse(await readFile(path.join(PROJECT_ROOT, rel), 'utf8'));

// Each case spawns several processes (≈1 s each, several under a loaded CI): a per-test budget of two minutes, not 5 s.
describe('dcf CLI', { timeout: 120_000 }, () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'dcf-cli-'));
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('lists every tool with its JSON Schemas', async () => {
    const r = await dcf(['tools']);
    expect(r.code).toBe(0);
    const tools = r.json as Array<{
      name: string;
      description: string;
      readOnly: boolean;
      inputSchema: { type: string };
      outputSchema: object;
    }>;
    // Every tool, and whether it is read-only: the validator issue's three, then the engine issue's fourteen.
    const readOnly: Record<string, boolean> = {
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
      // Delegated mode's twelve DCF+ tools, and the graph's Graphiti-style memory.
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
      list_qa_results: true,
      get_qa_result: true,
      review_qa_result: false,
      // Issue 34: calibration sessions.
      create_calibration_session: false,
      list_calibration_sessions: true,
      get_calibration_review: true,
      save_calibration_answers: false,
      submit_calibration_review: false,
      get_calibration_results: true,
      close_calibration_session: false,
      add_calibration_note: false,
      list_calibration_notes: true,
      // Issue 15: stored QA results summarised, and the CRM directory the Planner checks requests against.
      summarise_qa_results: true,
      list_advisors: true,
      list_products: true,
      count_calls: true,
      // Issue 30: the lender's rule set as data (its rules, categories and segment labels).
      describe_rule_set: true,
      // Issue 16: the dashboard's widgets.
      get_qa_trends: true,
      get_compliance_overview: true,
      get_customer_outcomes: true,
      get_review_coverage: true,
      get_operations_overview: true,
      // Issue 17: the skill-choice strategies compared on the recorded uses.
      compare_policies: true,
      // Issue 17: the tool-call plan an agent declares, changes and reads.
      declare_tool_call_plan: false,
      update_tool_call_plan: false,
      get_tool_call_plan: true,
      list_tool_call_plans: true,
      list_sentinel_findings: true,
      get_tool_call_costs: true,
      list_planning_agents: true,
      // Issue 18: the calling agent's own memory files.
      read_agent_memory_file: true,
      write_agent_memory_file: false,
      append_to_agent_memory_file: false,
      // Issue 18: notifications.
      send_notification: false,
      get_notification_status: true,
      // Issue 18: orchestration and background jobs.
      create_new_agent_instance: false,
      dispatch_task_to_agent: false,
      schedule_background_job: false,
      list_background_jobs: true,
      pause_background_job: false,
      resume_background_job: false,
      delete_background_job: false,
      run_background_job_now: false,
      update_background_job: false,
      // Issue 18: collaboration (decompose_task and assign_subtasks record what they decided).
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
      // Issue 28: the durable streams' dead letters.
      list_dead_letters: true,
      retry_dead_letter: false,
      test_workflow_state: false,
      get_last_state_input: true,
      // Issue 28: the workflow versions' lifecycle.
      publish_workflow_version: false,
      retire_workflow_version: false,
    };
    const names = tools.map((t) => t.name);
    expect(names).toHaveLength(104);
    expect([...names].sort()).toEqual(Object.keys(readOnly).sort());
    for (const name of Object.keys(readOnly))
      expect(
        names.filter((n) => n === name),
        name,
      ).toHaveLength(1);
    for (const t of tools) {
      expect(t.description.trim(), t.name).not.toBe('');
      expect(t.readOnly, t.name).toBe(readOnly[t.name]);
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(typeof t.outputSchema, t.name).toBe('object');
    }
  });

  it('runs a tool: exit 0 on ok, 1 on a tool error, 2 on usage errors (JSON on stdout each time)', async () => {
    // Eight processes, started together: each is independent, and one after another they spent most of
    // the test's budget starting Node under a loaded CI.
    const usage = [['tool'], ['tool', 'no_such_tool', '{}'], ['tool', 'get_skillset', '{not json'], ['frobnicate']];
    const [ok, fromStdin, toolError, badArgs, ...usageRuns] = await Promise.all([
      dcf(['tool', 'get_skillset', '{"tag":"transcription"}']),
      dcf(['tool', 'get_skillset', '-'], '{"tag":"transcription"}'),
      dcf(['tool', 'validate_workflow', '{"path":"workflows/none.json"}']),
      dcf(['tool', 'get_skillset', '{"detail":"everything"}']),
      ...usage.map((args) => dcf(args)),
    ]);
    expect(ok!.code).toBe(0);
    expect(ok!.json).toMatchObject({ status: 'ok', count: 3 });
    expect(fromStdin!.json).toEqual(ok!.json);

    expect(toolError!.code).toBe(1);
    expect(toolError!.json).toMatchObject({ status: 'error', error_code: 'not_found' });

    expect(badArgs!.code).toBe(1);
    expect(badArgs!.json).toMatchObject({ status: 'error', error_code: 'invalid_input' });

    usage.forEach((args, i) => {
      const r = usageRuns[i]!;
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.json, args.join(' ')).toMatchObject({ status: 'error', error_code: 'usage' });
    });
  });

  it('validates workflows: 0 valid, 1 invalid, 2 unreadable or unparseable', async () => {
    const valid = await dcf(['validate', 'workflows/standard-advice-call-analysis.json']);
    expect(valid.code).toBe(0);
    expect(valid.json).toEqual({ valid: true, errors: [], warnings: [] });

    const doc = await readJson('workflows/standard-advice-call-analysis.json');
    doc.asl.States.GetApplicationIDs.Next = 'Nowhere';
    const invalidFile = path.join(tmp, 'invalid.json');
    await writeFile(invalidFile, JSON.stringify(doc));
    const invalid = await dcf(['validate', invalidFile]);
    expect(invalid.code).toBe(1);
    const report = invalid.json as { valid: boolean; errors: Array<{ path: string; code: string }> };
    expect(report.valid).toBe(false);
    expect(report.errors).toContainEqual(expect.objectContaining({ path: '/asl/States/GetApplicationIDs/Next' }));

    const viaStdin = await dcf(['validate', '-'], JSON.stringify(doc));
    expect(viaStdin.code).toBe(1);
    expect(viaStdin.json).toEqual(invalid.json);

    const missing = await dcf(['validate', path.join(tmp, 'missing.json')]);
    expect(missing.code).toBe(2);
    expect(missing.json).toMatchObject({ valid: false, errors: [{ path: '', code: 'input.unreadable' }] });

    const garbage = path.join(tmp, 'garbage.json');
    await writeFile(garbage, '{"workflow_id": ');
    const unparseable = await dcf(['validate', garbage]);
    expect(unparseable.code).toBe(2);
    expect(unparseable.json).toMatchObject({ valid: false, errors: [{ code: 'input.parse_error' }] });

    expect((await dcf(['validate'])).code).toBe(2);
  });

  it('validates skill manifests with the same output and exit codes', async () => {
    expect((await dcf(['validate-skill', 'skills/research.web.json'])).json).toEqual({ valid: true, errors: [], warnings: [] });
    const m = await readJson('skills/scoring.json');
    delete m.skillDirectives;
    const file = path.join(tmp, 'bad-skill.json');
    await writeFile(file, JSON.stringify(m));
    const bad = await dcf(['validate-skill', file]);
    expect(bad.code).toBe(1);
    expect((bad.json as { errors: Array<{ path: string }> }).errors).toContainEqual(expect.objectContaining({ path: '/skillDirectives' }));
    expect((await dcf(['validate-skill', path.join(tmp, 'none.json')])).code).toBe(2);
  });

  it('compiles the spec §2.3 workflow to exactly the spec §2.5 meta', async () => {
    const r = await dcf(['compile', 'schemas/examples/spec/2.3-workflow-standard-advice-call-analysis.json']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual(await readJson('schemas/examples/spec/2.5-control-plane-meta.json'));
  });

  it('compiles the corrected example to the same control-plane shape, and refuses an invalid workflow with its errors', async () => {
    const corrected = await dcf(['compile', 'workflows/standard-advice-call-analysis.json']);
    expect(corrected.code).toBe(0);
    const meta = corrected.json as { states: string[]; deps: object; start_at: string };
    const spec = await readJson('schemas/examples/spec/2.5-control-plane-meta.json');
    expect({ states: meta.states, deps: meta.deps, start_at: meta.start_at }).toEqual({
      states: spec.states,
      deps: spec.deps,
      start_at: spec.start_at,
    });

    const doc = await readJson('workflows/standard-advice-call-analysis.json');
    doc.asl.StartAt = 'Missing';
    const file = path.join(tmp, 'bad-start.json');
    await writeFile(file, JSON.stringify(doc));
    const bad = await dcf(['compile', file]);
    expect(bad.code).toBe(1);
    expect(bad.json).toMatchObject({ valid: false, errors: expect.arrayContaining([expect.objectContaining({ path: '/asl/StartAt' })]) });
  });

  it('prints help with exit 0, and exit 2 when called with nothing', async () => {
    const help = await dcf(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('dcf validate');
    expect((await dcf([])).code).toBe(2);
  });
});
