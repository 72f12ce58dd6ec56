import { z } from 'zod';
import { SCHEMAS } from './registry.ts';

/**
 * schemas/examples/index.json: every example document for the six schemas, where it comes from
 * (`spec` section and lines, or `ours`), and what it proves — that it validates as is, or that its
 * verbatim text fails for the documented reason and a corrected version validates. The tests in
 * this folder check every claim the index makes (they read it with testing/example-files.ts); the
 * console may list the examples from it. Pure: the shapes only.
 */

const schemaName = z.enum(Object.keys(SCHEMAS) as [keyof typeof SCHEMAS, ...Array<keyof typeof SCHEMAS>]);

const common = {
  id: z.string().min(1),
  origin: z.enum(['spec', 'ours']),
  schema: schemaName,
  /** Spec section the example is from (`spec`) or illustrates (`ours`), e.g. "§2.5". */
  section: z.string().regex(/^§\d+(\.\d+)*$/),
  /** First and last line of the JSON block in advice-call-analysis-worked-example.md (spec examples). */
  lines: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
  /** Repository-relative path of the example as it stands in the spec (or as we wrote it). */
  file: z.string(),
  note: z.string().optional(),
  seeAlso: z.string().optional(),
  /** For data-plane outputs: the skill tool whose result this is. */
  producedBy: z.object({ skill: z.string(), tool: z.string() }).optional(),
};

export const exampleSchema = z.discriminatedUnion('status', [
  z.object({ ...common, status: z.literal('validates_as_is') }),
  z.object({
    ...common,
    status: z.literal('corrected'),
    /** Repository-relative path of the corrected document. */
    corrected: z.string(),
    /** When the spec example is a fragment: where it sits inside the corrected document. */
    correctedPointer: z.string().optional(),
    reason: z.string().min(1),
    /** How the verbatim text fails: it is not JSON, or it fails the schema with exactly these issues. */
    verbatimFailure: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('not_json') }),
      z.object({ kind: z.literal('schema'), issues: z.array(z.object({ path: z.string(), code: z.string() })).min(1) }),
    ]),
  }),
]);
export type Example = z.infer<typeof exampleSchema>;
