import { readFileSync } from 'node:fs';
import path from 'node:path';
import { systemActor } from '../../../../contracts/audit-actor.ts';
import { PROJECT_ROOT } from '../../../../testing/test-database.ts';
import { testConfig } from '../../../../testing/test-config.ts';
import { invokeTool } from '../../../../tools/invoke.ts';
import { findTool } from '../../../../tools/registry.ts';
import { worldData, type WorldData } from '../../../../skills/demo/dataset/generate.ts';
import { countCalls, listAdvisors, listProducts } from '../../../../skills/demo/skills/directory.ts';
import { describeRuleSet } from '../../../../skills/demo/skills/describe-rule-set.ts';
import { runSkillTool } from '../../../../skills/demo/skills/envelope.ts';
import { ok, toolError, type Responder } from './script.ts';

/**
 * TEST SUPPORT for the Planner brain's unit tests: a scripted tool layer. The two tools that need
 * no services (get_skillset, validate_workflow) are the real ones; the others answer from the
 * fixtures below (the example data-plane results of schemas/examples/ours/), shaped as the real
 * tools' outputs. Each test overrides what its scenario needs.
 */
export const RUN_ID = '0b7a2f7e-0000-4000-8000-000000000001';
export const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';

const example = (name: string) =>
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'schemas/examples/ours/data-plane-output', `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
export const workflowFile = (file: string) =>
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'workflows', file), 'utf8')) as Record<string, unknown>;

/** The real search ranking of spec §2.2's queries (probed against the catalog), top 2. */
const SKILL_HITS: Record<string, string[]> = {
  'skill for salesforce data': ['salesforce-integration@2.1.0', 'assemblyai-transcribe@1.2.0'],
  'skill for retrieving call recordings': ['recording-management@1.5.0', 'salesforce-integration@2.1.0'],
  'skill for audio transcription': ['assemblyai-transcribe@1.2.0', 'whisper-transcribe@1.0.0', 'recording-management@1.5.0'],
  'skill for sentiment analysis': ['sentiment-analysis@1.2.0', 'scoring@1.1.0'],
  'skill for compliance analysis': ['compliance-analysis@1.3.0', 'scoring@1.1.0'],
  'skill for QA scoring': ['scoring@1.1.0', 'assemblyai-transcribe@1.2.0'],
  'skill for speaker diarization': ['gpt4o-diarize@1.0.0', 'research.web@0.2.0'],
  'skill for transcript segmentation and labelling': ['labelling-segmentation@1.2.0', 'gpt4o-diarize@1.0.0'],
};

const noRuns = (skill: string) => ({
  skill,
  capability: null,
  n_success: 0,
  n_failures: 0,
  success_rate: null,
  failure_rate: null,
  p50_latency_ms: null,
  p95_latency_ms: null,
});

export function reliability(skill: string, capability: string, recent = noRuns(skill)) {
  return ok({
    window: { days: 7, last_runs: 50 },
    skills: [{ skill, capability, all_time: recent, recent, trend: [], recent_failures: [], used_by: [], alternatives: [] }],
  });
}

/** A failing verdict added to the example's passing ones, to see how failures are reported. */
export const FAILED_VERDICT = {
  rule_id: 'FCA-DISC-01',
  rule: 'Tell the customer that the call is recorded.',
  verdict: 'fail',
  rationale: 'Required wording missing from the call.',
  evidence: null,
};

export function runView(status: string) {
  const compliance = example('compliance-analysis.evaluate_compliance');
  const data = compliance.data as { verdicts: unknown[] };
  return ok({
    run: {
      run_id: RUN_ID,
      status,
      workflow_id: STANDARD,
      workflow_version: '1.0.0',
      output: null,
      error: status === 'FAILED' ? 'States.TaskFailed' : null,
      cause: status === 'FAILED' ? 'whisper-transcribe timed out' : null,
    },
    meta: {},
    states:
      status === 'FAILED'
        ? {
            TranscribeRecording: {
              status: 'failed',
              attempts: 2,
              lease: {},
              last_error: 'TimeoutError: whisper-transcribe timed out after 120s',
            },
          }
        : {},
    entries: {},
    data:
      status === 'SUCCEEDED'
        ? {
            GetCallRecordings: recordingsOfTheWeek(),
            TranscribeRecording: example('whisper-transcribe.transcribe_audio'),
            SentimentAnalysis: example('sentiment-analysis.analyze_sentiment'),
            ComplianceAnalysis: { ...compliance, data: { ...data, verdicts: [...data.verdicts, FAILED_VERDICT] } },
            CalculateScore: example('scoring.calculate_score'),
          }
        : {},
    events: [],
  });
}

/** The recordings a scripted period finds: the manifest's example and a second call, so a pilot covers one call of several. */
function recordingsOfTheWeek(): Record<string, unknown> {
  const out = example('recording-management.get_recordings_by_application_ids') as { data: { recordings: object[] } };
  const second = {
    recording_id: 'REC-88311',
    application_id: 'APP-49202',
    uri: 's3://selina-call-recordings/2024/07/APP-49202/REC-88311.mp3',
    duration_s: 71.0,
    recorded_at: '2024-07-04T10:02:44Z',
  };
  return { ...out, summary: 'Found 2 recordings for 2 applications.', data: { recordings: [...out.data.recordings, second] } };
}

const real = (name: string, args: unknown) =>
  invokeTool(findTool(name)!, args, { actor: systemActor('test'), services: { config: testConfig() } }) as Promise<Record<string, unknown>>;

/**
 * The CRM directory tools answered by the demo CRM's own functions (what the crm-directory skill
 * serves, over `served`: the demo world unless given), shaped as the console tools return them: the data at the top level, a skill error as
 * an `invalid_input` failure.
 */
export function crm(name: string, args: Record<string, unknown>, served: WorldData = worldData()): Record<string, unknown> {
  const fn = { list_advisors: listAdvisors, list_products: listProducts, count_calls: countCalls }[name]!;
  try {
    return ok(fn(args, served).data as Record<string, unknown>);
  } catch (err) {
    return toolError((err as Error).message, 'invalid_input');
  }
}

/**
 * describe_rule_set answered by the compliance skill's own function over the data folder's rule sets (each lender's),
 * shaped as the console tool returns it; an unknown rule set is `not_found`.
 */
export function describeRules(args: Record<string, unknown>): Record<string, unknown> {
  const out = runSkillTool(describeRuleSet, args);
  if (!out.ok) return toolError(out.summary, 'not_found');
  return ok({ ...out.data, skill: 'skill://compliance-analysis@1.3.0', summary: out.summary });
}

/** The scripted tool layer: an empty workflow catalog, healthy skills, a run that succeeds. */
export function fakeTools(overrides: Partial<Record<string, Responder>> = {}): Responder {
  return async (name, args) => {
    const o = overrides[name];
    if (o) return o(name, args);
    switch (name) {
      case 'search_embeddings': {
        const uris = (args.kinds as string[] | undefined)?.[0] === 'skill' ? (SKILL_HITS[String(args.query)] ?? []) : [];
        return ok({
          mode: 'lexical',
          hits: uris.map((u, i) => ({
            kind: 'skill',
            key: `skill://${u}`,
            title: u,
            snippet: '',
            score: 1 - i / 10,
            fulltext: 0,
            trigram: 0,
            semantic: null,
          })),
        });
      }
      case 'find_closest_workflow':
        return ok({ candidates: [] });
      case 'store_memory':
        return ok({ memory_id: 'mem-1', created_at: '2024-07-08T09:16:00Z' });
      case 'get_skill_reliability':
        return reliability(String(args.skill), 'transcription');
      case 'get_skillset':
      case 'validate_workflow':
        return real(name, args);
      case 'save_workflow': {
        const w = args.workflow as { workflow_id: string; version: string };
        const p = args.parent as { workflow_id: string; version: string; relation: string } | undefined;
        return ok({
          workflow_id: w.workflow_id,
          version: w.version,
          relation: p?.relation ?? null,
          parent: p ? { workflow_id: p.workflow_id, version: p.version } : null,
        });
      }
      case 'list_advisors':
      case 'list_products':
      case 'count_calls':
        return crm(name, args);
      case 'describe_rule_set':
        return describeRules(args);
      case 'summarise_qa_results':
        // An empty QA store unless a test says otherwise.
        return ok({ groups: [], total_groups: 0, total_calls: 0, what: '' });
      case 'check_workflow_health':
        return ok({ workflow_id: args.workflow_id, version: args.version, healthy: true, threshold: 0.05, findings: [], proposal: null });
      case 'start_workflow_run':
        return ok({ run_id: RUN_ID, created: true });
      case 'wait_for_workflow_run':
      case 'get_workflow_run':
        return runView('SUCCEEDED');
      default:
        throw new Error(`the scripted tool layer has no ${name}`);
    }
  };
}
