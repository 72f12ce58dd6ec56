import type { ErrorObject } from 'ajv';

/**
 * Reduces ajv's raw error list (allErrors mode) to the errors a person should read.
 *
 * ajv reports a failed `oneOf`/`anyOf` as every error of every branch followed by the composite
 * error itself. For the skill manifest's tool `definition` (a oneOf of three variants told apart by
 * `type`) one wrong URL therefore came out as thirteen findings. The rules below keep the meaning
 * and drop the noise:
 *  1. Discriminated composites: a branch whose `const` on a direct child property failed (e.g.
 *     `type` is "mcp_server", not "python_source"), or whose only complaint is the value's JSON
 *     type, was not the intended branch. If exactly one branch is left, only its errors are kept.
 *     If none is left and a `const` told them apart, one `enum` error on that child lists the
 *     allowed values.
 *  2. Leaf alternatives: when every branch error is about the composite's own value (e.g.
 *     `manifestId` is neither a UUID nor a skill:// URI), one error remains whose message joins
 *     the alternatives with "or".
 *  3. `if` errors ("must match then schema") are dropped when the `then` errors that caused them
 *     are reported right before.
 * Anything else is kept as ajv reported it.
 */
export function pruneSchemaErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const out: ErrorObject[] = [];
  for (const e of errors) {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') {
      const start = branchRunStart(out, e.instancePath);
      const branchErrors = out.splice(start);
      out.push(...pruneComposite(e, branchErrors));
    } else if (e.keyword === 'if') {
      const prev = out[out.length - 1];
      if (!prev || !within(prev.instancePath, e.instancePath)) out.push(e);
    } else {
      out.push(e);
    }
  }
  return out;
}

/** True if `path` is `base` or lies below it. */
function within(path: string, base: string): boolean {
  return path === base || path.startsWith(base + '/');
}

/** Index where the contiguous run of errors on or below `instancePath` ends `errors`. */
function branchRunStart(errors: ErrorObject[], instancePath: string): number {
  let i = errors.length;
  while (i > 0 && within(errors[i - 1]!.instancePath, instancePath)) i--;
  return i;
}

/**
 * Which branch of `composite` produced `e`: inline branches carry `<composite>/<i>` in their
 * schema path; `$ref` branches carry the referenced definition (`#/$defs/<Name>`).
 */
function branchKey(composite: ErrorObject, e: ErrorObject): string {
  const inline = composite.schemaPath + '/';
  if (e.schemaPath.startsWith(inline)) return inline + e.schemaPath.slice(inline.length).split('/')[0];
  const m = /^#\/\$defs\/[^/]+/.exec(e.schemaPath);
  return m ? m[0] : e.schemaPath;
}

/** Keywords that speak about an object's members although ajv reports them on the object itself. */
const MEMBER_KEYWORDS = new Set(['required', 'additionalProperties', 'dependentRequired', 'unevaluatedProperties']);

function pruneComposite(composite: ErrorObject, branchErrors: ErrorObject[]): ErrorObject[] {
  if (branchErrors.length === 0) return [composite];
  const P = composite.instancePath;

  const byBranch = new Map<string, ErrorObject[]>();
  for (const b of branchErrors) {
    const key = branchKey(composite, b);
    byBranch.set(key, [...(byBranch.get(key) ?? []), b]);
  }
  const isDiscriminatorMiss = (b: ErrorObject) =>
    b.keyword === 'const' && b.instancePath.startsWith(P + '/') && !b.instancePath.slice(P.length + 1).includes('/');
  // A branch is for another kind of value if its `const` discriminator failed, or if all it has to
  // say is that the value has the wrong JSON type (e.g. the string branch of "string or object").
  const notMeant = (errs: ErrorObject[]) =>
    errs.some(isDiscriminatorMiss) || (errs.length === 1 && errs[0]!.keyword === 'type' && errs[0]!.instancePath === P);
  const intended = [...byBranch.values()].filter((errs) => !notMeant(errs));
  if (intended.length === 1) return intended[0]!;

  if (branchErrors.every((b) => b.instancePath === P && !MEMBER_KEYWORDS.has(b.keyword))) {
    const alternatives = [...new Set(branchErrors.map((b) => b.message ?? b.keyword))];
    return [{ ...composite, message: alternatives.join(', or ') }];
  }

  const misses = branchErrors.filter(isDiscriminatorMiss);
  if (intended.length === 0 && misses.length > 0) {
    const first = misses[0]!;
    const allowedValues = [...new Set(misses.map((m) => (m.params as { allowedValue?: unknown }).allowedValue))];
    return [
      {
        ...first,
        keyword: 'enum',
        params: { allowedValues },
        schemaPath: composite.schemaPath,
        message: 'must be equal to one of the allowed values',
      },
    ];
  }
  return [...branchErrors, composite];
}
