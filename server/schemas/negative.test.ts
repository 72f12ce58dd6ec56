import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonPatchOperation } from '../testing/json-patch.ts';
import { applyJsonPatch } from '../testing/json-patch.ts';
import { REPO_ROOT } from './testing/example-files.ts';
import type { SchemaName } from './registry.ts';
import { validateAgainstSchema } from './registry.ts';

/**
 * Invalid documents for each schema: a valid example broken by one JSON Patch, and the exact
 * (path, code) findings the registry must report for it — one finding per problem.
 */
interface Case {
  name: string;
  patch: JsonPatchOperation[];
  expected: Array<{ path: string; code: string }>;
}

const base: Record<SchemaName, string> = {
  workflow: 'workflows/standard-advice-call-analysis.json',
  skill_manifest: 'skills/research.web.json',
  control_plane_meta: 'schemas/examples/spec/2.5-control-plane-meta.json',
  control_plane_state: 'schemas/examples/spec/2.5-control-plane-state-transcribe-running.json',
  notification_payload: 'schemas/examples/ours/notification-payload-initial.json',
  data_plane_output: 'schemas/examples/ours/data-plane-output/scoring.calculate_score.json',
  task_delegation: 'schemas/examples/dcf-plus/corrected/task-delegation.json',
  task_result: 'schemas/examples/dcf-plus/corrected/task-result.json',
  task_progress: 'schemas/examples/dcf-plus/corrected/task-progress.json',
  strategic_advice: 'schemas/examples/dcf-plus/corrected/strategic-advice.json',
};

const S = '/asl/States';
const cases: Record<SchemaName, Case[]> = {
  workflow: [
    { name: 'no asl', patch: [{ op: 'remove', path: '/asl' }], expected: [{ path: '/asl', code: 'schema.required' }] },
    {
      name: 'workflow_id not a uuid',
      patch: [{ op: 'replace', path: '/workflow_id', value: 'standard-advice' }],
      expected: [{ path: '/workflow_id', code: 'schema.format' }],
    },
    {
      name: 'version not semver',
      patch: [{ op: 'replace', path: '/version', value: 'v1' }],
      expected: [{ path: '/version', code: 'schema.pattern' }],
    },
    {
      name: 'Task without AgentBinding',
      patch: [{ op: 'remove', path: `${S}/GetCallRecordings/AgentBinding` }],
      expected: [{ path: `${S}/GetCallRecordings/AgentBinding`, code: 'schema.required' }],
    },
    {
      name: 'unknown state Type',
      patch: [{ op: 'replace', path: `${S}/GetCallRecordings/Type`, value: 'Lambda' }],
      expected: [{ path: `${S}/GetCallRecordings/Type`, code: 'schema.enum' }],
    },
    {
      name: 'agent_template_ref with an unknown key',
      patch: [{ op: 'add', path: `${S}/GetCallRecordings/AgentBinding/agent_template_ref/team`, value: 'qa' }],
      expected: [{ path: `${S}/GetCallRecordings/AgentBinding/agent_template_ref/team`, code: 'schema.additionalProperties' }],
    },
    {
      name: 'agent_template_ref version not semver (A2)',
      patch: [{ op: 'add', path: `${S}/GetCallRecordings/AgentBinding/agent_template_ref/version`, value: 'latest' }],
      expected: [{ path: `${S}/GetCallRecordings/AgentBinding/agent_template_ref/version`, code: 'schema.pattern' }],
    },
    {
      name: 'branch state without StartAt',
      patch: [{ op: 'remove', path: `${S}/ParallelAnalysis/Branches/0/StartAt` }],
      expected: [{ path: `${S}/ParallelAnalysis/Branches/0/StartAt`, code: 'schema.required' }],
    },
    {
      name: 'unknown key in asl',
      patch: [{ op: 'add', path: '/asl/QueryLanguage', value: 'JSONata' }],
      expected: [{ path: '/asl/QueryLanguage', code: 'schema.additionalProperties' }],
    },
  ],
  skill_manifest: [
    {
      name: 'no skillDirectives',
      patch: [{ op: 'remove', path: '/skillDirectives' }],
      expected: [{ path: '/skillDirectives', code: 'schema.required' }],
    },
    {
      name: 'manifestId neither uuid nor skill:// (A1)',
      patch: [{ op: 'replace', path: '/manifestId', value: 'research.web@0.2.0' }],
      expected: [{ path: '/manifestId', code: 'schema.anyOf' }],
    },
    {
      name: 'skillVersion not semver',
      patch: [{ op: 'replace', path: '/skillVersion', value: '0.2' }],
      expected: [{ path: '/skillVersion', code: 'schema.pattern' }],
    },
    {
      name: 'unknown egress',
      patch: [{ op: 'replace', path: '/permissions/egress', value: 'everywhere' }],
      expected: [{ path: '/permissions/egress', code: 'schema.enum' }],
    },
    {
      name: 'unknown definition type',
      patch: [{ op: 'replace', path: '/requiredTools/0/definition/type', value: 'lambda' }],
      expected: [{ path: '/requiredTools/0/definition/type', code: 'schema.enum' }],
    },
    {
      name: 'mcp_server definition without endpointUrl',
      patch: [{ op: 'remove', path: '/requiredTools/1/definition/endpointUrl' }],
      expected: [{ path: '/requiredTools/1/definition/endpointUrl', code: 'schema.required' }],
    },
    {
      name: 'parameter without type',
      patch: [{ op: 'remove', path: '/requiredTools/0/json_schema/parameters/properties/query/type' }],
      expected: [{ path: '/requiredTools/0/json_schema/parameters/properties/query/type', code: 'schema.required' }],
    },
    {
      name: 'data source id not a uuid',
      patch: [{ op: 'replace', path: '/requiredDataSources/0/dataSourceId', value: 'guidelines' }],
      expected: [{ path: '/requiredDataSources/0/dataSourceId', code: 'schema.format' }],
    },
  ],
  control_plane_meta: [
    { name: 'no deps', patch: [{ op: 'remove', path: '/deps' }], expected: [{ path: '/deps', code: 'schema.required' }] },
    {
      name: 'deps entry without upstream',
      patch: [{ op: 'remove', path: '/deps/CalculateScore/upstream' }],
      expected: [{ path: '/deps/CalculateScore/upstream', code: 'schema.required' }],
    },
    {
      name: 'agents value neither string nor template ref (A3)',
      patch: [{ op: 'replace', path: '/agents/worker_pool', value: 3 }],
      expected: [{ path: '/agents/worker_pool', code: 'schema.anyOf' }],
    },
    {
      name: 'template ref with an unknown key (A3)',
      patch: [{ op: 'add', path: '/agents/worker_pool/pool_size', value: 4 }],
      expected: [{ path: '/agents/worker_pool/pool_size', code: 'schema.additionalProperties' }],
    },
    {
      name: 'template ref version not semver (A3)',
      patch: [{ op: 'replace', path: '/agents/worker_pool/version', value: 'one' }],
      expected: [{ path: '/agents/worker_pool/version', code: 'schema.pattern' }],
    },
    {
      name: 'schema_version not semver',
      patch: [{ op: 'replace', path: '/schema_version', value: '1.0' }],
      expected: [{ path: '/schema_version', code: 'schema.pattern' }],
    },
    {
      name: 'unknown top-level key',
      patch: [{ op: 'add', path: '/owner', value: 'planner' }],
      expected: [{ path: '/owner', code: 'schema.additionalProperties' }],
    },
  ],
  control_plane_state: [
    {
      name: 'unknown status',
      patch: [{ op: 'replace', path: '/status', value: 'paused' }],
      expected: [{ path: '/status', code: 'schema.enum' }],
    },
    {
      name: 'negative attempts',
      patch: [{ op: 'replace', path: '/attempts', value: -1 }],
      expected: [{ path: '/attempts', code: 'schema.minimum' }],
    },
    {
      name: 'lease without ttl_s',
      patch: [{ op: 'remove', path: '/lease/ttl_s' }],
      expected: [{ path: '/lease/ttl_s', code: 'schema.required' }],
    },
    {
      name: 'lease ts not a date-time',
      patch: [{ op: 'replace', path: '/lease/ts', value: 'yesterday' }],
      expected: [{ path: '/lease/ts', code: 'schema.format' }],
    },
    {
      name: 'zero ttl_s',
      patch: [{ op: 'replace', path: '/lease/ttl_s', value: 0 }],
      expected: [{ path: '/lease/ttl_s', code: 'schema.minimum' }],
    },
  ],
  notification_payload: [
    {
      name: 'nudge_id not a uuid',
      patch: [{ op: 'replace', path: '/workflow_event/nudge_id', value: 'nudge-1' }],
      expected: [{ path: '/workflow_event/nudge_id', code: 'schema.format' }],
    },
    {
      name: 'unknown reason',
      patch: [{ op: 'replace', path: '/workflow_event/reason', value: 'resumed' }],
      expected: [{ path: '/workflow_event/reason', code: 'schema.enum' }],
    },
    {
      name: 'unknown event type',
      patch: [{ op: 'replace', path: '/workflow_event/type', value: 'notify_end' }],
      expected: [{ path: '/workflow_event/type', code: 'schema.enum' }],
    },
    {
      name: 'no state',
      patch: [{ op: 'remove', path: '/workflow_event/state' }],
      expected: [{ path: '/workflow_event/state', code: 'schema.required' }],
    },
    {
      name: 'extra key beside workflow_event',
      patch: [{ op: 'add', path: '/priority', value: 'high' }],
      expected: [{ path: '/priority', code: 'schema.additionalProperties' }],
    },
  ],
  data_plane_output: [
    { name: 'no ok', patch: [{ op: 'remove', path: '/ok' }], expected: [{ path: '/ok', code: 'schema.required' }] },
    { name: 'ok as a string', patch: [{ op: 'replace', path: '/ok', value: 'true' }], expected: [{ path: '/ok', code: 'schema.type' }] },
    {
      name: 'negative latency',
      patch: [{ op: 'replace', path: '/metrics/latency_ms', value: -5 }],
      expected: [{ path: '/metrics/latency_ms', code: 'schema.minimum' }],
    },
    {
      name: 'data as an array',
      patch: [{ op: 'replace', path: '/data', value: [1, 2] }],
      expected: [{ path: '/data', code: 'schema.type' }],
    },
    {
      name: 'artifact that is not a string',
      patch: [{ op: 'add', path: '/artifacts', value: [42] }],
      expected: [{ path: '/artifacts/0', code: 'schema.type' }],
    },
  ],
  task_delegation: [
    {
      name: 'another message type',
      patch: [{ op: 'replace', path: '/type', value: 'task_result' }],
      expected: [{ path: '/type', code: 'schema.const' }],
    },
    {
      name: 'no description',
      patch: [{ op: 'remove', path: '/description' }],
      expected: [{ path: '/description', code: 'schema.required' }],
    },
    {
      name: 'a skill that is not a skill URI',
      patch: [{ op: 'replace', path: '/skills_required/0', value: 'research.web' }],
      expected: [{ path: '/skills_required/0', code: 'schema.pattern' }],
    },
    {
      name: 'unknown priority',
      patch: [{ op: 'replace', path: '/priority', value: 'urgent' }],
      expected: [{ path: '/priority', code: 'schema.enum' }],
    },
    {
      name: 'unknown top-level key',
      patch: [{ op: 'add', path: '/deadline', value: 'tomorrow' }],
      expected: [{ path: '/deadline', code: 'schema.additionalProperties' }],
    },
    {
      name: 'a plan step without its tool',
      patch: [
        { op: 'add', path: '/context/plan', value: [{ step: 'search', skill: 'skill://research.web@0.2.0', args: {}, result: 'hits' }] },
      ],
      expected: [{ path: '/context/plan/0/tool', code: 'schema.required' }],
    },
    {
      name: 'for_each without as',
      patch: [
        {
          op: 'add',
          path: '/context/plan',
          value: [
            { step: 'fetch', skill: 'skill://research.web@0.2.0', tool: 'fetch_page', args: {}, for_each: '$.hits', result: 'pages' },
          ],
        },
      ],
      expected: [{ path: '/context/plan/0', code: 'schema.dependentRequired' }],
    },
  ],
  task_result: [
    {
      name: 'unknown status',
      patch: [{ op: 'replace', path: '/status', value: 'done' }],
      expected: [{ path: '/status', code: 'schema.enum' }],
    },
    {
      name: 'metrics without skills_used',
      patch: [{ op: 'remove', path: '/metrics/skills_used' }],
      expected: [{ path: '/metrics/skills_used', code: 'schema.required' }],
    },
    {
      name: 'fractional tool_calls',
      patch: [{ op: 'replace', path: '/metrics/tool_calls', value: 2.5 }],
      expected: [{ path: '/metrics/tool_calls', code: 'schema.type' }],
    },
    {
      name: 'output without a summary',
      patch: [{ op: 'remove', path: '/output/summary' }],
      expected: [{ path: '/output/summary', code: 'schema.required' }],
    },
    {
      name: 'failed without an error',
      patch: [{ op: 'replace', path: '/status', value: 'failed' }],
      expected: [{ path: '/output/error', code: 'schema.required' }],
    },
  ],
  task_progress: [
    {
      name: 'over 100 percent',
      patch: [{ op: 'replace', path: '/progress_pct', value: 120 }],
      expected: [{ path: '/progress_pct', code: 'schema.maximum' }],
    },
    {
      name: 'no status message',
      patch: [{ op: 'remove', path: '/status_message' }],
      expected: [{ path: '/status_message', code: 'schema.required' }],
    },
    {
      name: 'updated_at not a date-time',
      patch: [{ op: 'replace', path: '/updated_at', value: 'now' }],
      expected: [{ path: '/updated_at', code: 'schema.format' }],
    },
  ],
  strategic_advice: [
    {
      name: 'confidence above 1',
      patch: [{ op: 'replace', path: '/confidence', value: 85 }],
      expected: [{ path: '/confidence', code: 'schema.maximum' }],
    },
    {
      name: 'empty evidence',
      patch: [{ op: 'replace', path: '/evidence', value: {} }],
      expected: [{ path: '/evidence', code: 'schema.minProperties' }],
    },
    {
      name: 'no strategist_id',
      patch: [{ op: 'remove', path: '/strategist_id' }],
      expected: [{ path: '/strategist_id', code: 'schema.required' }],
    },
  ],
};

describe.each(Object.entries(cases) as Array<[SchemaName, Case[]]>)('%s rejects', (schema, list) => {
  const valid: unknown = JSON.parse(readFileSync(join(REPO_ROOT, base[schema]), 'utf8'));

  it('(the base document is valid)', () => {
    expect(validateAgainstSchema(schema, valid)).toEqual([]);
  });

  it.each(list)('$name', ({ patch, expected }) => {
    const issues = validateAgainstSchema(schema, applyJsonPatch(valid, patch));
    expect(issues.map(({ path, code }) => ({ path, code }))).toEqual(expected);
    // Messages name the field itself (the pointer is in `path`): `"skillName" is required`, `item 0 must be object`.
    for (const issue of issues) {
      const token = issue.path.split('/').pop()!.replace(/~1/g, '/').replace(/~0/g, '~');
      const subject = issue.path === '' ? 'the document' : /^\d+$/.test(token) ? `item ${token}` : JSON.stringify(token);
      expect(issue.message.startsWith(subject + ' ')).toBe(true);
    }
  });

  it.each([null, 42, 'text', []])('the non-object %j at the root', (doc) => {
    expect(validateAgainstSchema(schema, doc)).toEqual([{ path: '', code: 'schema.type', message: 'the document must be object' }]);
  });
});
