import { ALLOWED_FIELDS, type StateType } from '@/server/engine/asl/state-fields';
import type { JsonObject } from '../model/types';

/**
 * Which of a state's fields have a control of their own in the inspector; every other field its
 * type allows (ALLOWED_FIELDS) is edited as JSON in "Other fields", so nothing the schema allows
 * is out of reach.
 */
const DEDICATED: ReadonlySet<string> = new Set([
  'Type',
  'Comment',
  'Next',
  'End',
  'InputPath',
  'OutputPath',
  'Parameters',
  'ResultSelector',
  'ResultPath',
  'Retry',
  'Catch',
  'Resource',
  'TimeoutSeconds',
  'TimeoutSecondsPath',
  'HeartbeatSeconds',
  'HeartbeatSecondsPath',
  'AgentBinding',
  'Result',
  'Choices',
  'Default',
  'Seconds',
  'Timestamp',
  'SecondsPath',
  'TimestampPath',
  'Error',
  'ErrorPath',
  'Cause',
  'CausePath',
  'Branches',
  'ItemProcessor',
  'Iterator',
  'ItemsPath',
  'ItemSelector',
  'MaxConcurrency',
  'MaxConcurrencyPath',
  'ToleratedFailureCount',
  'ToleratedFailureCountPath',
  'ToleratedFailurePercentage',
  'ToleratedFailurePercentagePath',
  'Label',
]);

/** A Map's Parameters is the legacy name of ItemSelector: it has no form of its own. */
const hasControl = (type: StateType, field: string) => DEDICATED.has(field) && !(type === 'Map' && field === 'Parameters');

/** Fields `type` allows that have no control of their own (QueryLanguage, Credentials, ItemReader, …), in schema order. */
export function otherFields(type: StateType): string[] {
  return [...ALLOWED_FIELDS[type]].filter((f) => !hasControl(type, f));
}

/** Fields of `state` its type does not allow (typos, fields of another type): shown, to be removed in the JSON view. */
export function unknownFields(type: StateType, state: JsonObject): string[] {
  return Object.keys(state).filter((f) => !ALLOWED_FIELDS[type].has(f));
}

/** The value an "other" field starts with when added: the smallest value its checks accept. */
export function otherFieldDefault(field: string): unknown {
  switch (field) {
    case 'QueryLanguage':
      return 'JSONPath';
    case 'ItemReader':
      return { Resource: 'arn:aws:states:::s3:getObject', ReaderConfig: {} };
    case 'ItemBatcher':
      return { MaxItemsPerBatch: 10 };
    default:
      return {};
  }
}
