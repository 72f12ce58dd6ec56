/**
 * Expectations for the asl-validator corpus run (asl-corpus/README.md).
 *
 * REJECTED_BY: for every `invalid-*` file we reject, the code that must be among our errors, so a
 * file is not "agreed" by an unrelated rule. The JSONata files are rejected by our dialect rule
 * (`asl.unsupported_query_language`): agreement for a dialect reason, counted separately.
 *
 * DISAGREEMENTS: every file on which our verdict differs, with the reason. The test fails on an
 * undocumented disagreement, and on a documented one that no longer disagrees (stale entry).
 */
export const DIALECT_CODE = 'asl.unsupported_query_language';

export const REJECTED_BY: Record<string, string> = {
  'invalid-assign.asl.json': DIALECT_CODE,
  'invalid-cfn-definition-substitutions.json': 'asl.invalid_resource',
  'invalid-choice-state-variable.json': 'asl.invalid_path',
  'invalid-choice-state.json': 'asl.choice_rule_next',
  'invalid-dupe-fields.asl.json': 'asl.payload_duplicate_key',
  'invalid-duplicate-fields-nested.json': 'asl.payload_duplicate_key',
  'invalid-duplicate-fields.json': 'asl.payload_duplicate_key',
  'invalid-error-equals-type.json': 'asl.invalid_error_equals',
  'invalid-error-equals.json': 'asl.invalid_error_equals',
  'invalid-exercise-ajv-additional-properties.asl.json': 'asl.unknown_field',
  'invalid-exercise-ajv.asl.json': 'asl.invalid_path',
  'invalid-fail-dupe-cause.json': 'asl.mutually_exclusive',
  'invalid-fail-dupe-error.json': 'asl.mutually_exclusive',
  'invalid-inexistant-state.json': 'asl.unknown_target',
  'invalid-json-path.json': 'asl.invalid_path',
  'invalid-json-surround-syntax-extra-spaces.json': DIALECT_CODE,
  'invalid-jsonata-fields.json': DIALECT_CODE,
  'invalid-jsonata-path-fields.asl.json': DIALECT_CODE,
  'invalid-jsonata-surround-syntax-no-close.json': DIALECT_CODE,
  'invalid-jsonata-surround-syntax-no-open.json': DIALECT_CODE,
  'invalid-jsonata-surround-syntax-no-spaces.json': DIALECT_CODE,
  'invalid-jsonata-syntax-arithmetic.json': DIALECT_CODE,
  'invalid-jsonata-syntax-jsonpath-in-jsonata-surround.json': DIALECT_CODE,
  'invalid-jsonata-syntax-mismatched-parens.json': DIALECT_CODE,
  'invalid-map-distributed.asl.json': 'asl.mutually_exclusive',
  'invalid-map-dupe-state.json': 'asl.duplicate_state_name',
  'invalid-map-item-batcher-dupe-subfields.json': 'asl.mutually_exclusive',
  'invalid-map-items.asl.json': DIALECT_CODE,
  'invalid-map-missing-iterator.json': 'asl.missing_field',
  'invalid-map-ob-link.json': 'asl.cross_scope_target',
  'invalid-map-tolerated-value.json': 'asl.invalid_value',
  'invalid-map-tolerated.json': 'asl.mutually_exclusive',
  'invalid-math-add.json': 'asl.invalid_intrinsic',
  'invalid-missing-terminal-map.json': 'asl.missing_transition',
  'invalid-missing-terminal-parallel.json': 'asl.missing_transition',
  'invalid-missing-terminal.json': 'asl.no_terminal_path',
  'invalid-next-with-end.json': 'asl.next_and_end',
  'invalid-parallel-branch-type.json': 'asl.invalid_type',
  'invalid-parallel-missing-branches.json': 'asl.missing_field',
  'invalid-parallel-ob-link.json': 'asl.cross_scope_target',
  'invalid-payload-template.asl.json': 'asl.invalid_path',
  'invalid-state-name-too-long.json': 'asl.state_name_too_long',
  'invalid-task-credentials-null.json': 'asl.invalid_type',
  'invalid-task-credentials-object.json': 'asl.invalid_path',
  'invalid-task-heartbeat.json': 'asl.mutually_exclusive',
  'invalid-task-timout.json': 'asl.mutually_exclusive',
  'invalid-unreachable-state.json': 'asl.unreachable_state',
  'invalid-variable-result-path.json': 'asl.invalid_path',
  'invalid-wait-duration.json': 'asl.wait_duration',
};

const JSONATA =
  'a JSONata state machine (QueryLanguage JSONata, {% %} expressions): our engine evaluates JSONPath only, so JSONata is rejected';

export const DISAGREEMENTS: Record<string, string> = {
  'valid-assign.asl.json': JSONATA,
  'valid-comments-are-not-parsed.asl.json': JSONATA,
  'valid-json-surround-syntax.json': JSONATA,
  'valid-jsonata-syntax-function-call.json': JSONATA,
  'valid-jsonata-syntax-path-expression.json': JSONATA,
  'valid-jsonata-syntax-simple-arithmetic.json': JSONATA,
  'valid-jsonata.asl.json': JSONATA,
  'valid-map-items.asl.json': JSONATA,
  'valid-map-with-item-batcher-jsonata.json': JSONATA,
  'valid-task-timeout-jsonata.json': JSONATA,
  'valid-wait-jsonata.asl.json': JSONATA,
  'valid-fail-paths.json': 'ErrorPath reads the workflow variable $field2; variables (Assign / $name) are not part of our dialect',
  'valid-current-value-predicate.json':
    "its filters compare with the bare words FooBar/FizzBuzz; our filter grammar requires quoted string literals ('FooBar')",
  'valid-task-intrisic-function.json':
    'Resource is a CloudFormation intrinsic object (Fn::GetAtt, Ref); outside a CloudFormation template a Resource is a URI string',
  'invalid-task-alias-function.json':
    'the fault is an invalid AWS Lambda alias inside the Resource ARN: provider-specific ARN syntax, which we do not check ' +
    '(a Resource is any URI; Letta Tasks run through AgentBinding)',
};
