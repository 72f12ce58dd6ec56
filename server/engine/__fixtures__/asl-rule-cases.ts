import type { JsonPatchOperation } from '../../testing/json-patch.ts';

/**
 * ASL-level cases for validateAslStructure on minimal.asl.json, for what the Letta workflow schema
 * does not let through to the engine (null ResultPath, array Parameters, top-level fields,
 * distributed-Map configuration) or never checks. Pointers are under `/asl`.
 */
export interface AslCase {
  rule: string;
  ops: JsonPatchOperation[];
  errors: Array<[string, string]>;
}

const W = '/States/Work';
const P = '/asl/States/Work';
const add = (path: string, value: unknown): JsonPatchOperation => ({ op: 'add', path, value });
const replace = (path: string, value: unknown): JsonPatchOperation => ({ op: 'replace', path, value });
const remove = (path: string): JsonPatchOperation => ({ op: 'remove', path });
/** Replaces Work by another state type, keeping its Catch so that Broken stays reachable. */
const CATCH = [{ ErrorEquals: ['States.ALL'], Next: 'Broken' }];
const leaf = { StartAt: 'Leaf', States: { Leaf: { Type: 'Pass', End: true } } };
const map = (extra: Record<string, unknown>) => replace(W, { Type: 'Map', ItemProcessor: leaf, Catch: CATCH, End: true, ...extra });

export const ASL_CASES: AslCase[] = [
  { rule: 'ResultPath may be null', ops: [add(`${W}/ResultPath`, null)], errors: [] },
  { rule: 'a catcher ResultPath may be null', ops: [add(`${W}/Catch/0/ResultPath`, null)], errors: [] },
  { rule: 'InputPath and OutputPath may be null', ops: [add(`${W}/InputPath`, null), add(`${W}/OutputPath`, null)], errors: [] },
  {
    rule: 'Parameters may be an array; its entries are checked',
    ops: [replace(`${W}/Parameters`, [{ 'a.$': '$.x' }, { 'b.$': 'x' }])],
    errors: [['asl.invalid_path', `${P}/Parameters/1/b.$`]],
  },
  { rule: 'ResultPath is not a number', ops: [add(`${W}/ResultPath`, 5)], errors: [['asl.invalid_type', `${P}/ResultPath`]] },
  { rule: 'StartAt is required', ops: [remove('/StartAt')], errors: [['asl.missing_field', '/asl/StartAt']] },
  { rule: 'StartAt is a string', ops: [replace('/StartAt', 1)], errors: [['asl.invalid_type', '/asl/StartAt']] },
  { rule: 'States is required', ops: [remove('/States')], errors: [['asl.missing_field', '/asl/States']] },
  { rule: 'States is an object', ops: [replace('/States', [])], errors: [['asl.invalid_type', '/asl/States']] },
  { rule: 'the state machine has known fields only', ops: [add('/Kind', 'x')], errors: [['asl.unknown_field', '/asl/Kind']] },
  { rule: 'Version is a string', ops: [add('/Version', 1)], errors: [['asl.invalid_type', '/asl/Version']] },
  { rule: 'TimeoutSeconds is positive', ops: [add('/TimeoutSeconds', 0)], errors: [['asl.invalid_value', '/asl/TimeoutSeconds']] },
  {
    rule: 'a top-level JSONata QueryLanguage is unsupported',
    ops: [add('/QueryLanguage', 'JSONata')],
    errors: [['asl.unsupported_query_language', '/asl/QueryLanguage']],
  },
  {
    rule: 'a Resource may hold ${} substitutions',
    ops: [replace(`${W}/Resource`, 'arn:aws:lambda:${Region}:${Account}:function:work')],
    errors: [],
  },
  { rule: 'a Resource object is not ASL', ops: [replace(`${W}/Resource`, { Ref: 'Fn' })], errors: [['asl.invalid_type', `${P}/Resource`]] },
  {
    rule: 'a branch has known fields only',
    ops: [
      replace(W, {
        Type: 'Parallel',
        Branches: [{ StartAt: 'B', States: { B: { Type: 'Succeed' } }, Comment: 'ok', Kind: 1 }],
        Catch: CATCH,
        End: true,
      }),
    ],
    errors: [['asl.unknown_field', `${P}/Branches/0/Kind`]],
  },
  {
    rule: 'a Map processor is a closed scope with its own StartAt',
    ops: [map({ ItemProcessor: { StartAt: 'Work', States: { Leaf: { Type: 'Pass', End: true } } } })],
    errors: [['asl.cross_scope_target', `${P}/ItemProcessor/StartAt`]],
  },
  {
    rule: 'ReaderConfig MaxItems is not negative',
    ops: [map({ ItemReader: { Resource: 'arn:aws:states:::s3:getObject', ReaderConfig: { MaxItems: -1 } } })],
    errors: [['asl.invalid_value', `${P}/ItemReader/ReaderConfig/MaxItems`]],
  },
  {
    rule: 'an ItemReader has a Resource',
    ops: [map({ ItemReader: { ReaderConfig: {} } })],
    errors: [['asl.missing_field', `${P}/ItemReader/Resource`]],
  },
  {
    rule: 'ItemReader Parameters is a payload template',
    ops: [map({ ItemReader: { Resource: 'arn:x:y', Parameters: { 'Bucket.$': 'bucket' } } })],
    errors: [['asl.invalid_path', `${P}/ItemReader/Parameters/Bucket.$`]],
  },
  {
    rule: 'MaxInputBytesPerBatch is at most 256 KiB',
    ops: [map({ ItemBatcher: { MaxInputBytesPerBatch: 262145 } })],
    errors: [['asl.invalid_value', `${P}/ItemBatcher/MaxInputBytesPerBatch`]],
  },
  { rule: 'a ResultWriter is an object', ops: [map({ ResultWriter: 'bucket' })], errors: [['asl.invalid_type', `${P}/ResultWriter`]] },
  { rule: 'a Map ItemSelector is an object', ops: [map({ ItemSelector: ['x'] })], errors: [['asl.invalid_type', `${P}/ItemSelector`]] },
  {
    rule: 'ExecutionType is STANDARD or EXPRESS',
    ops: [map({ ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'FAST' }, ...leaf } })],
    errors: [['asl.invalid_value', `${P}/ItemProcessor/ProcessorConfig/ExecutionType`]],
  },
  {
    rule: 'a legacy Iterator has no ProcessorConfig',
    ops: [replace(W, { Type: 'Map', Iterator: { ProcessorConfig: {}, ...leaf }, Catch: CATCH, End: true })],
    errors: [['asl.unknown_field', `${P}/Iterator/ProcessorConfig`]],
  },
];
