import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, isObject } from '../json.ts';
import { child, issue } from '../issues.ts';
import { checkEnum, checkExclusive, checkKnownKeys, checkNumber, checkObject, checkString } from './field-rules.ts';
import { checkPathField } from './path-fields.ts';
import { checkScopeHolder } from './check-scope.ts';
import { checkItemBatcher, checkItemReader, checkResultWriter } from './check-map-config.ts';

/**
 * A Map runs its processor (ItemProcessor, or the legacy Iterator — not both) once per item of
 * ItemsPath. Parameters is the legacy name of ItemSelector (not both). Each `X` / `XPath` pair is
 * exclusive; counts are non-negative integers and the tolerated percentage is within 0..100.
 */
export function checkMap(state: JsonObject, base: string, out: ValidationIssue[]): void {
  if (!hasOwn(state, 'ItemProcessor') && !hasOwn(state, 'Iterator')) {
    out.push(issue(child(base, 'ItemProcessor'), 'asl.missing_field', 'a Map needs an ItemProcessor (or the legacy Iterator)'));
  }
  checkExclusive(state, ['ItemProcessor', 'Iterator'], base, out);
  if (
    hasOwn(state, 'ItemProcessor') &&
    checkScopeHolder(state.ItemProcessor, child(base, 'ItemProcessor'), 'an ItemProcessor', ['ProcessorConfig'], out)
  ) {
    checkProcessorConfig(state.ItemProcessor, child(base, 'ItemProcessor'), out);
  }
  if (hasOwn(state, 'Iterator')) checkScopeHolder(state.Iterator, child(base, 'Iterator'), 'an Iterator', [], out);

  checkExclusive(state, ['Parameters', 'ItemSelector'], base, out);
  checkObject(state, 'ItemSelector', base, out);
  checkPathField(state, 'ItemsPath', base, out, 'reference');
  checkExclusive(state, ['MaxConcurrency', 'MaxConcurrencyPath'], base, out);
  checkNumber(state, 'MaxConcurrency', base, out, { integer: true, min: 0 });
  checkPathField(state, 'MaxConcurrencyPath', base, out, 'reference');
  checkExclusive(state, ['ToleratedFailureCount', 'ToleratedFailureCountPath'], base, out);
  checkNumber(state, 'ToleratedFailureCount', base, out, { integer: true, min: 0 });
  checkPathField(state, 'ToleratedFailureCountPath', base, out, 'reference');
  checkExclusive(state, ['ToleratedFailurePercentage', 'ToleratedFailurePercentagePath'], base, out);
  checkNumber(state, 'ToleratedFailurePercentage', base, out, { min: 0, max: 100 });
  checkPathField(state, 'ToleratedFailurePercentagePath', base, out, 'reference');
  checkString(state, 'Label', base, out);
  if (hasOwn(state, 'ItemReader')) checkItemReader(state.ItemReader, child(base, 'ItemReader'), out);
  if (hasOwn(state, 'ItemBatcher')) checkItemBatcher(state.ItemBatcher, child(base, 'ItemBatcher'), out);
  if (hasOwn(state, 'ResultWriter')) checkResultWriter(state.ResultWriter, child(base, 'ResultWriter'), out);
}

function checkProcessorConfig(processor: JsonObject, at: string, out: ValidationIssue[]): void {
  if (!hasOwn(processor, 'ProcessorConfig')) return;
  checkObject(processor, 'ProcessorConfig', at, out);
  const config = processor.ProcessorConfig;
  if (!isObject(config)) return;
  const configAt = child(at, 'ProcessorConfig');
  checkKnownKeys(config, ['Mode', 'ExecutionType'], configAt, out, 'a ProcessorConfig');
  checkEnum(config, 'Mode', configAt, out, ['INLINE', 'DISTRIBUTED']);
  checkEnum(config, 'ExecutionType', configAt, out, ['STANDARD', 'EXPRESS']);
}
