import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANNING_SCHEMA_DIR, planningJsonSchemas } from './json-schemas.ts';
import { intent, plan } from './sentinel/testing/fixtures.ts';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, PLANNING_SCHEMA_DIR);
const generated = planningJsonSchemas();
const load = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;

function validator(file: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(load(file));
}

describe('schemas/planning (the planning contract as JSON Schemas)', () => {
  it('holds exactly the generated files, as the zod schemas generate them (npm run gen:planning-schemas)', () => {
    expect(readdirSync(dir).sort()).toEqual(generated.map((g) => g.file).sort());
    for (const g of generated) expect(readFileSync(path.join(dir, g.file), 'utf8'), g.file).toBe(g.text);
  });

  it('gives every file a versioned $id matching its name, a title and no unnamed definition', () => {
    for (const { file, text } of generated) {
      const doc = JSON.parse(text) as Record<string, unknown>;
      expect(doc.$id).toBe(`https://selinafinance.co.uk/schemas/planning/${file}`);
      expect(file).toMatch(/-\d+\.\d+\.\d+\.json$/);
      expect(doc.title).toEqual(expect.any(String));
      expect(text).not.toContain('__schema');
    }
  });

  it('accepts a plan with a fallback chain and rejects a fallback without its rationale', () => {
    const validate = validator('tool-call-plan-1.0.0.json');
    const chained = intent('invoke_skill_tool', {
      fallbackOnFailure: intent('get_skillset', { fallbackOnFailure: intent('search_embeddings') }),
    });
    const good = plan({ plannedSequence: [chained], budget: { maxToolCalls: 3, maxCost: 10.5 } });
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
    const bad = structuredClone(good);
    delete (bad.plannedSequence[0]!.fallbackOnFailure!.fallbackOnFailure as { rationale?: string }).rationale;
    expect(validate(bad)).toBe(false);
    expect(validate({ ...good, executionState: 'Paused' })).toBe(false);
  });

  it('rejects a budget or a policy the zod schemas reject', () => {
    const budget = validator('resource-budget-1.0.0.json');
    expect(budget({ maxToolCalls: 4, maxLatency: 30_000, maxCost: 2.5, scaleFactor: 1 })).toBe(true);
    expect(budget({ maxToolCalls: -1 })).toBe(false);
    expect(budget({ maxCalls: 4 })).toBe(false);
    const policy = validator('exploit-explore-policy-1.0.0.json');
    expect(policy({ strategy: 'EpsilonGreedy', explorationRate: 0.1, preferGeneralMethods: true })).toBe(true);
    expect(policy({ strategy: 'Softmax', preferGeneralMethods: true })).toBe(false);
    expect(policy({ strategy: 'UCB' })).toBe(false);
  });

  it('accepts each finding type and rejects a finding whose detail does not match its kind', () => {
    const validate = validator('sentinel-finding-1.0.0.json');
    const base = {
      id: 'f-1',
      plan_id: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b',
      agent_id: 'agent-planner',
      when: 'live',
      message: 'over budget',
      evidence: ['rec-1'],
      at: '2026-03-02T10:00:05.000Z',
    };
    const exceeded = { dimension: 'maxToolCalls', limit: 2, actual: 3, over: 1 };
    expect(validate({ ...base, type: 'BudgetExceeded', detail: { type: 'BudgetExceeded', exceeded, enforced: true } })).toBe(true);
    const blp = { type: 'BLPViolation', trick: 'x', generalAlternative: 'y' };
    expect(validate({ ...base, type: 'BLPViolation', detail: blp })).toBe(true);
    expect(validate({ ...base, type: 'BudgetExceeded', detail: { type: 'BudgetExceeded', exceeded: { limit: 2 } } })).toBe(false);
  });
});
