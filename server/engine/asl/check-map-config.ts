import type { ValidationIssue } from '../../validation/issue.ts';
import { hasOwn, isObject, jsonTypeName } from '../json.ts';
import { child, issue } from '../issues.ts';
import { checkExclusive, checkKnownKeys, checkNumber, checkObject, checkString, requireField } from './field-rules.ts';
import { checkPathField } from './path-fields.ts';
import { checkPayloadTemplate } from './payload-template.ts';

/** Distributed-Map configuration objects: ItemReader, ItemBatcher and ResultWriter. */

export function checkItemReader(reader: unknown, at: string, out: ValidationIssue[]): void {
  if (!asObject(reader, at, 'ItemReader', out)) return;
  checkKnownKeys(reader, ['Resource', 'Parameters', 'ReaderConfig'], at, out, 'an ItemReader');
  if (requireField(reader, 'Resource', at, out)) checkString(reader, 'Resource', at, out);
  if (hasOwn(reader, 'Parameters')) checkPayloadTemplate(reader.Parameters, child(at, 'Parameters'), out);
  checkObject(reader, 'ReaderConfig', at, out);
  const config = reader.ReaderConfig;
  if (!isObject(config)) return;
  const configAt = child(at, 'ReaderConfig');
  checkExclusive(config, ['MaxItems', 'MaxItemsPath'], configAt, out);
  checkNumber(config, 'MaxItems', configAt, out, { integer: true, min: 0 });
  checkPathField(config, 'MaxItemsPath', configAt, out, 'reference');
}

export function checkItemBatcher(batcher: unknown, at: string, out: ValidationIssue[]): void {
  if (!asObject(batcher, at, 'ItemBatcher', out)) return;
  const limits = ['MaxItemsPerBatch', 'MaxItemsPerBatchPath', 'MaxInputBytesPerBatch', 'MaxInputBytesPerBatchPath'];
  checkKnownKeys(batcher, [...limits, 'BatchInput'], at, out, 'an ItemBatcher');
  if (!limits.some((k) => hasOwn(batcher, k))) {
    out.push(issue(at, 'asl.missing_field', 'an ItemBatcher needs MaxItemsPerBatch or MaxInputBytesPerBatch (or their Path forms)'));
  }
  checkExclusive(batcher, ['MaxItemsPerBatch', 'MaxItemsPerBatchPath'], at, out);
  checkExclusive(batcher, ['MaxInputBytesPerBatch', 'MaxInputBytesPerBatchPath'], at, out);
  checkNumber(batcher, 'MaxItemsPerBatch', at, out, { integer: true, min: 1 });
  checkNumber(batcher, 'MaxInputBytesPerBatch', at, out, { integer: true, min: 1, max: 262_144 });
  checkPathField(batcher, 'MaxItemsPerBatchPath', at, out, 'reference');
  checkPathField(batcher, 'MaxInputBytesPerBatchPath', at, out, 'reference');
  checkObject(batcher, 'BatchInput', at, out);
  if (isObject(batcher.BatchInput)) checkPayloadTemplate(batcher.BatchInput, child(at, 'BatchInput'), out);
}

export function checkResultWriter(writer: unknown, at: string, out: ValidationIssue[]): void {
  if (!asObject(writer, at, 'ResultWriter', out)) return;
  checkKnownKeys(writer, ['Resource', 'Parameters', 'WriterConfig'], at, out, 'a ResultWriter');
  checkString(writer, 'Resource', at, out);
  if (hasOwn(writer, 'Parameters')) checkPayloadTemplate(writer.Parameters, child(at, 'Parameters'), out);
  checkObject(writer, 'WriterConfig', at, out);
}

function asObject(value: unknown, at: string, what: string, out: ValidationIssue[]): value is Record<string, unknown> {
  if (isObject(value)) return true;
  out.push(issue(at, 'asl.invalid_type', `${what} must be an object, got ${jsonTypeName(value)}`));
  return false;
}
