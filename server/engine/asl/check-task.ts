import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, isObject, jsonTypeName } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import { checkExclusive, checkNumber } from './field-rules.ts';
import { checkPathField } from './path-fields.ts';
import { checkPayloadTemplate } from './payload-template.ts';

/** Task timeouts are positive integers of seconds (AWS caps them at one year). */
const MAX_SECONDS = 99_999_999;

/**
 * Task-specific fields. In Letta-ASL a Task runs through its AgentBinding (checked by the Letta
 * layer); `Resource` stays optional here but, when present, must be a URI as ASL requires.
 */
export function checkTask(state: JsonObject, base: string, out: ValidationIssue[]): void {
  if (hasOwn(state, 'Resource')) checkResource(state.Resource, child(base, 'Resource'), out);
  checkExclusive(state, ['TimeoutSeconds', 'TimeoutSecondsPath'], base, out);
  checkExclusive(state, ['HeartbeatSeconds', 'HeartbeatSecondsPath'], base, out);
  checkNumber(state, 'TimeoutSeconds', base, out, { integer: true, min: 1, max: MAX_SECONDS });
  checkNumber(state, 'HeartbeatSeconds', base, out, { integer: true, min: 1, max: MAX_SECONDS });
  checkPathField(state, 'TimeoutSecondsPath', base, out, 'reference');
  checkPathField(state, 'HeartbeatSecondsPath', base, out, 'reference');
  const { TimeoutSeconds: timeout, HeartbeatSeconds: heartbeat } = state;
  if (typeof timeout === 'number' && typeof heartbeat === 'number' && heartbeat >= timeout) {
    out.push(
      issue(
        child(base, 'HeartbeatSeconds'),
        'asl.invalid_value',
        `HeartbeatSeconds (${heartbeat}) must be less than TimeoutSeconds (${timeout})`,
      ),
    );
  }
  if (hasOwn(state, 'Credentials')) {
    if (!isObject(state.Credentials)) {
      out.push(
        issue(child(base, 'Credentials'), 'asl.invalid_type', `Credentials must be an object, got ${jsonTypeName(state.Credentials)}`),
      );
    } else {
      checkPayloadTemplate(state.Credentials, child(base, 'Credentials'), out);
    }
  }
}

const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
/** A deployment-time substitution such as `${LambdaArn}` (CloudFormation DefinitionSubstitutions). */
const SUBSTITUTION = /\$\{[A-Za-z0-9_.:-]+\}/g;

/**
 * A Resource is a URI. Definitions are often stored before deployment substitutes `${Name}`
 * placeholders; a string containing well-formed placeholders is accepted as such, but an unclosed
 * `${` is an error. Non-string Resources (CloudFormation intrinsic objects) are not ASL.
 */
function checkResource(value: unknown, pointer: string, out: ValidationIssue[]): void {
  if (typeof value !== 'string') {
    out.push(issue(pointer, 'asl.invalid_type', `Resource must be a URI string, got ${jsonTypeName(value)}`));
    return;
  }
  const withoutSubstitutions = value.replace(SUBSTITUTION, '');
  if (withoutSubstitutions.includes('${')) {
    out.push(issue(pointer, 'asl.invalid_resource', `Resource ${quote(value)} has an unclosed or malformed \${...} substitution`));
  } else if (withoutSubstitutions === value && !URI.test(value)) {
    out.push(issue(pointer, 'asl.invalid_resource', `Resource ${quote(value)} is not a URI`));
  }
}
