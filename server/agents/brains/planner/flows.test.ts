import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAgentTemplate } from '../../templates/load-template.ts';
import { findTool } from '../../../tools/registry.ts';
import { isKnownTool } from '../../local/agent-tools.ts';
import type { PlannerFlowEntry } from './flow-steps.ts';
import { flowOfKind, flowOfMark, PLANNER_FLOWS, type PlannerFlow } from './flows.ts';
import { KIND_LABEL, type PlannerRequest, type RequestKind } from './request.ts';

/**
 * The Planner's flow registry walked (issue 31): every flow the brain can be in has one entry with
 * its forecast, and every entry is a flow the brain can be in — started by a request it recognises,
 * or entered where another flow's work turns to it. A flow written without its entry, or an entry
 * nothing reaches, fails here.
 */
const DIR = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const ENTRIES = Object.entries(PLANNER_FLOWS) as Array<[PlannerFlow, PlannerFlowEntry]>;
const KINDS = Object.keys(KIND_LABEL) as RequestKind[];
const request = (kind: RequestKind, marks: Partial<PlannerRequest> = {}): PlannerRequest => ({
  kind,
  range: null,
  texts: ['…'],
  outcomes: { add: [], remove: [], only: null },
  rank: null,
  call: null,
  ...marks,
});

/** The flows named where the code sets PlannerContext.flow (`ctx.flow = 'team_work'`, or a choice of names), with their files. */
function flowsEnteredInCode(): Map<string, string[]> {
  const entered = new Map<string, string[]>();
  for (const file of SOURCES) {
    for (const line of readFileSync(path.join(DIR, file), 'utf8').split('\n')) {
      const set = /\bctx\.flow\s*=(?!=)(.*)$/.exec(line);
      if (!set) continue;
      // The names in the assigned value's result positions (`= 'a'`, `? 'b'`, `: 'c'`), not those compared (`kind === 'scale'`).
      const names = ` =${set[1]!}`.matchAll(/(?:(?<![=!])=(?!=)|\?|:)\s*'([a-z_]+)'/g);
      for (const [, name] of names) entered.set(name!, [...(entered.get(name!) ?? []), file]);
    }
  }
  return entered;
}

describe('the Planner flow registry', () => {
  it('every request kind the reader gives is started by exactly one flow, and every flow a request starts is of a kind', () => {
    for (const kind of KINDS) {
      const flows = ENTRIES.filter(([, e]) => e.request && 'kind' in e.request.recognised && e.request.recognised.kind === kind);
      expect(
        flows.map(([name]) => name),
        `flows recognising “${kind}”`,
      ).toHaveLength(1);
      expect(flowOfKind(kind).name).toBe(flows[0]![0]);
    }
    for (const [name, e] of ENTRIES) {
      if (e.request && 'kind' in e.request.recognised) expect(KINDS, `the kind of flow ${name}`).toContain(e.request.recognised.kind);
    }
  });

  it("a request's mark wins over its kind: a mention, then a schedule", () => {
    expect(flowOfMark(request('qa_review'))).toBeNull();
    expect(flowOfMark(request('qa_review', { mention: true }))?.name).toBe('mention');
    const schedule = { recurrence: null, problem: 'no day', words: 'review everyone' };
    expect(flowOfMark(request('rank', { schedule }))?.name).toBe('schedule');
    expect(flowOfMark(request('qa_review', { mention: true, schedule }))?.name).toBe('mention');
    const marked = ENTRIES.filter(([, e]) => e.request && 'mark' in e.request.recognised).map(([name]) => name);
    expect(marked).toEqual(['mention', 'schedule']);
  });

  it('every flow entered in the code has an entry, and every entry no request starts is entered in the code', () => {
    const entered = flowsEnteredInCode();
    expect(entered.size).toBeGreaterThan(0);
    for (const [name, files] of entered) expect(Object.keys(PLANNER_FLOWS), `flow “${name}” set in ${files.join(', ')}`).toContain(name);
    for (const [name, e] of ENTRIES) {
      if (!e.request) expect([...entered.keys()], `flow “${name}” is never entered`).toContain(name);
    }
  });

  it('every flow entry declared beside a flow is in the registry', async () => {
    const declared: string[] = [];
    for (const file of SOURCES) {
      const mod = (await import(path.join(DIR, file))) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(mod)) {
        const isEntry = !!value && typeof value === 'object' && Array.isArray((value as { forecast?: unknown }).forecast);
        if (!isEntry) continue;
        declared.push(`${file}:${exported}`);
        expect(Object.values(PLANNER_FLOWS), `${file} exports ${exported}, a flow entry not in flows.ts`).toContain(value);
      }
    }
    expect(declared).toHaveLength(ENTRIES.length);
  });

  it("every forecast names tools of the tool layer that the Planner's template attaches", async () => {
    const planner = await loadAgentTemplate('planner', { isKnownTool });
    const attached = new Set(planner.toolNamesOf(planner.main));
    for (const [name, e] of ENTRIES) {
      expect(e.forecast.length, `the forecast of ${name}`).toBeGreaterThan(0);
      for (const step of e.forecast) {
        expect(findTool(step.tool), `${name} forecasts ${step.tool}`).toBeDefined();
        expect([...attached], `${name} forecasts ${step.tool}`).toContain(step.tool);
        expect(step.why.trim().length, `why ${name} calls ${step.tool}`).toBeGreaterThan(10);
      }
    }
  });
});
