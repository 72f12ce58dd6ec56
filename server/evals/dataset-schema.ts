import { z } from 'zod';

/**
 * An evaluation dataset (issue 30; anchor: LangSmith datasets): conversations with the outcomes
 * expected of them, stored as JSON in evals/datasets/<name>.json. Every list and string is bounded
 * so a dataset file cannot make a run unbounded; a file that breaks a rule is refused with the
 * JSON path of each problem (dataset.ts).
 */
export const DATASET_LIMITS = {
  fileBytes: 512 * 1024,
  cases: 200,
  turnsPerCase: 8,
  messageChars: 2000,
  items: 20,
  textChars: 300,
  inputFields: 20,
} as const;

const L = DATASET_LIMITS;
const text = z.string().trim().min(1).max(L.textChars);
const toolName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a tool name: lower-case letters, digits and underscores');

/** A fact the answer must state: a string (found case-insensitively, spaces normalised) or any one of several. */
export const factSchema = z.union([text, z.strictObject({ any_of: z.array(text).min(2).max(L.items) })]);
export type Fact = z.infer<typeof factSchema>;

/** A run the turn must have started: the workflow (its id or its saved name) and input fields that must be equal. */
export const expectedRunSchema = z.strictObject({
  workflow: text.optional(),
  input: z
    .record(z.string().min(1).max(64), z.union([z.string().max(L.textChars), z.number(), z.boolean()]))
    .refine((o) => Object.keys(o).length <= L.inputFields, `at most ${L.inputFields} input fields`)
    .default({}),
});
export type ExpectedRun = z.infer<typeof expectedRunSchema>;

/** What one turn must (and must not) do. Each entry is one expectation, scored pass or fail. */
const expectationsShape = z.strictObject({
  runs: z.array(expectedRunSchema).max(L.items).optional(),
  /** No work started in the turn — no run, no delegation (score.ts WORK_TOOLS): a question, a decline, an answer from stored results. */
  no_run: z.literal(true).optional(),
  tools_called: z.array(toolName).max(L.items).optional(),
  tools_not_called: z.array(toolName).max(L.items).optional(),
  facts: z.array(factSchema).max(L.items).optional(),
  /** The answer asks a question containing this text (e.g. "Did you mean Priya Shah"). */
  question: text.optional(),
});
export type Expectations = z.infer<typeof expectationsShape>;
export const expectationsSchema = expectationsShape.refine(
  (e) => countExpectations(e) > 0,
  'give at least one expectation (runs, no_run, tools_called, tools_not_called, facts, question)',
);

export const turnSchema = z.strictObject({
  /** What the person says (a request, or a reply to the agent's question such as "yes"). */
  user: z.string().trim().min(1).max(L.messageChars),
  expect: expectationsSchema.optional(),
});

export const caseSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a case id: lower-case letters, digits and hyphens (at most 64)'),
    title: text,
    role: z.enum(['planner', 'conductor']).default('planner'),
    turns: z.array(turnSchema).min(1).max(L.turnsPerCase),
  })
  .refine((c) => c.turns.some((t) => t.expect), 'at least one turn needs expectations');
export type EvalCase = z.infer<typeof caseSchema>;

export const datasetSchema = z
  .strictObject({
    $comment: z.string().max(4000).optional(),
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a dataset name: lower-case letters, digits and hyphens'),
    description: z.string().trim().min(1).max(2000),
    /** The lender's data the cases are written for: the demo skills' world (default) or another lender's. */
    world: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,31}$/)
      .default('demo'),
    /** Today for the agents (their clock block), so "last week" means the same days in every run. */
    clock: z.iso.datetime(),
    cases: z.array(caseSchema).min(1).max(L.cases),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.cases.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({ code: 'custom', path: ['cases', i, 'id'], message: `case id "${c.id}" is used twice` });
      seen.add(c.id);
    });
  });
export type EvalDataset = z.infer<typeof datasetSchema>;

/** How many pass/fail expectations a turn's `expect` holds. */
export function countExpectations(x: Expectations): number {
  return (
    (x.runs?.length ?? 0) +
    (x.no_run ? 1 : 0) +
    (x.tools_called?.length ?? 0) +
    (x.tools_not_called?.length ?? 0) +
    (x.facts?.length ?? 0) +
    (x.question ? 1 : 0)
  );
}
