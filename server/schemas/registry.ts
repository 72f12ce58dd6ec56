import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import workflowSchema from '../../schemas/letta_asl_workflow_schema_v2.2.0.json' with { type: 'json' };
import skillManifestSchema from '../../schemas/skill-manifest-v2.0.0.json' with { type: 'json' };
import controlPlaneMetaSchema from '../../schemas/control-plane-meta-1.0.0.json' with { type: 'json' };
import controlPlaneStateSchema from '../../schemas/control-plane-state-1.0.0.json' with { type: 'json' };
import notificationPayloadSchema from '../../schemas/notification-payload-1.0.0.json' with { type: 'json' };
import dataPlaneOutputSchema from '../../schemas/data-plane-output-1.0.0.json' with { type: 'json' };
import taskDelegationSchema from '../../schemas/messages/task-delegation-1.0.0.json' with { type: 'json' };
import taskResultSchema from '../../schemas/messages/task-result-1.0.0.json' with { type: 'json' };
import taskProgressSchema from '../../schemas/messages/task-progress-1.0.0.json' with { type: 'json' };
import strategicAdviceSchema from '../../schemas/messages/strategic-advice-1.0.0.json' with { type: 'json' };
import type { ValidationIssue } from '../validation/issue.ts';
import { escapePointerToken, pointerTokens } from '../../lib/json-pointer.ts';
import { pruneSchemaErrors } from './prune-errors.ts';

// ajv and ajv-formats are CommonJS; require() avoids default-export interop differences between
// tsx, vitest and the Next.js server bundle.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;

/**
 * The six document kinds of spec §5.1–5.6 and the four message protocols of delegated mode
 * (dcf-plus "Message Protocols"), keyed by the name the rest of the code uses.
 */
export const SCHEMAS = {
  workflow: workflowSchema,
  skill_manifest: skillManifestSchema,
  control_plane_meta: controlPlaneMetaSchema,
  control_plane_state: controlPlaneStateSchema,
  notification_payload: notificationPayloadSchema,
  data_plane_output: dataPlaneOutputSchema,
  task_delegation: taskDelegationSchema,
  task_result: taskResultSchema,
  task_progress: taskProgressSchema,
  strategic_advice: strategicAdviceSchema,
} as const;
export type SchemaName = keyof typeof SCHEMAS;

let ajv: InstanceType<typeof Ajv2020> | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

/** Draft 2020-12, all errors, formats checked. */
const SPEC_OPTIONS = { allErrors: true, strict: false, validateFormats: true } as const;

function newAjv(): InstanceType<typeof Ajv2020> {
  const made = new Ajv2020({ ...SPEC_OPTIONS });
  addFormats(made);
  return made;
}

/** The instance for the spec's schemas (compileSpec's default). */
function sharedAjv(): InstanceType<typeof Ajv2020> {
  return (ajv ??= newAjv());
}

/**
 * Turns a spec schema into its validator: `name` identifies the schema, `formats` says ajv-formats'
 * formats are checked. A process may install one that keeps compiled validators across processes
 * (server/cache/validators.ts: the console and `dcf` do); by default each process compiles its own.
 */
export type SchemaCompiler = (name: string, schema: object, options: typeof SPEC_OPTIONS, formats: boolean) => ValidateFunction;
let compileSpec: SchemaCompiler = (_name, schema) => sharedAjv().compile(schema);

/** Installs the process's compiler for the spec schemas (before their first use; already compiled ones are kept). */
export function useSchemaCompiler(compile: SchemaCompiler): void {
  compileSpec = compile;
}

/**
 * A spec schema's validator, on first use: lazily, one at a time (`dcf validate` needs one); compiling
 * one costs up to a few hundred milliseconds.
 */
function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    validate = compileSpec(`spec-${name}`, SCHEMAS[name] as object, SPEC_OPTIONS, true);
    compiled.set(name, validate);
  }
  return validate;
}

/**
 * Validates `doc` against one of the spec's schemas (as amended, see schemas/README.md); returns
 * issues with JSON pointers, one per distinct problem (composite-keyword noise pruned, see
 * prune-errors.ts). Never throws for any `doc`.
 */
export function validateAgainstSchema(name: SchemaName, doc: unknown): ValidationIssue[] {
  const validate = validator(name);
  if (validate(doc)) return [];
  return pruneSchemaErrors(validate.errors ?? []).map(toIssue);
}

/**
 * Validators of schemas given as values, by the schema's JSON text: a run's workflow carries its input schema as a
 * fresh object each time, and compiling it cost each run's start half a millisecond. At most AD_HOC_MAX, the oldest
 * forgotten first.
 */
const adHoc = new Map<string, ValidateFunction>();
const AD_HOC_MAX = 256;
let adHocAjv: InstanceType<typeof Ajv2020> | undefined;

/**
 * Compiles `schema` on an instance of its own and takes it out of that instance again: ajv keeps every schema it
 * compiles (one per run, for the life of the process) and refuses a second schema with the same `$id` — the same
 * workflow's input schema on its second run.
 */
function compileAdHoc(schema: object): ValidateFunction {
  const own = (adHocAjv ??= newAjv());
  // An $id the instance already holds (a meta-schema's) is refused by compile, and must not be removed after it.
  const id = (schema as { $id?: unknown }).$id;
  const held = typeof id === 'string' && own.getSchema(id) !== undefined;
  try {
    return own.compile(schema);
  } finally {
    if (!held) own.removeSchema(schema);
  }
}

/**
 * Validates `doc` against a schema given as a value (e.g. a workflow's `workflow_input_schema`);
 * same issue shape as validateAgainstSchema. A schema that does not compile is one issue
 * `schema.invalid_schema` at the root rather than an exception.
 */
export function validateAgainstJsonSchema(schema: object, doc: unknown): ValidationIssue[] {
  const key = JSON.stringify(schema);
  let validate = adHoc.get(key);
  if (!validate) {
    try {
      validate = compileAdHoc(schema);
    } catch (err) {
      return [
        {
          path: '',
          code: 'schema.invalid_schema',
          message: `the schema does not compile: ${err instanceof Error ? err.message : String(err)}`,
        },
      ];
    }
    if (adHoc.size >= AD_HOC_MAX) adHoc.delete(adHoc.keys().next().value!);
    adHoc.set(key, validate);
  }
  if (validate(doc)) return [];
  return pruneSchemaErrors(validate.errors ?? []).map(toIssue);
}

/**
 * Names the field a message is about by its own name, not its whole pointer (the issue's `path`
 * carries the pointer): `"workflow_name" is required`, `item 2 must be object`, `the document …`.
 */
function subject(pointer: string): string {
  if (pointer === '') return 'the document';
  const token = pointerTokens(pointer)?.at(-1) ?? pointer;
  return /^\d+$/.test(token) ? `item ${token}` : JSON.stringify(token);
}

/**
 * Maps an ajv error to a ValidationIssue whose pointer names the offending field itself:
 * a missing or forbidden property points at that property rather than at its parent object.
 */
export function toIssue(e: ErrorObject): ValidationIssue {
  const params = e.params as Record<string, unknown>;
  let path = e.instancePath;
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'required' && typeof params.missingProperty === 'string') {
    path += '/' + escapePointerToken(params.missingProperty);
    message = `is required`;
  } else if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    path += '/' + escapePointerToken(params.additionalProperty);
    message = `is not allowed here`;
  } else if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (e.keyword === 'const' && 'allowedValue' in params) {
    message = `must be ${JSON.stringify(params.allowedValue)}`;
  }
  return { path, code: `schema.${e.keyword}`, message: `${subject(path)} ${message}` };
}
