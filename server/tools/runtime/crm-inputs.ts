import { isRecord } from '../../../lib/is-record.ts';
import { fail, isFailure, type ToolFailure } from '../../tool-result.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { callCrmDirectory } from '../crm/crm-directory.ts';

/**
 * Workflow inputs the lender's CRM supplies (issue 30, "domain from data"): the compliance rule set
 * a lender's calls are checked against is the CRM's (`list_products` → `rule_set_id`), never a
 * literal in a workflow or in code. A workflow that declares the input `rule_set_id` in its
 * workflow_input_schema and is started without it gets the CRM's, so every starter — the Planner,
 * the run form left empty, `dcf run`, the demo history backfill, a schedule's stored input — runs
 * against the lender the console is connected to. A value given is kept (a run may check against
 * another rule set on purpose). The filled input is the run's input, shown in its view.
 */
export const CRM_RULE_SET_INPUT = 'rule_set_id';

const declares = (doc: unknown, name: string): boolean => {
  const schema = isRecord(doc) ? doc.workflow_input_schema : null;
  return isRecord(schema) && isRecord(schema.properties) && name in schema.properties;
};

/** The lender's rule set as the CRM names it, or a failure saying why there is none. */
export async function crmRuleSet(services: ToolServices): Promise<string | ToolFailure> {
  const r = await callCrmDirectory<{ rule_set_id?: unknown }>(services, 'list_products', {});
  if (isFailure(r)) return r;
  const id = r.data.rule_set_id;
  if (typeof id === 'string' && id.trim()) return id;
  return fail(
    'invalid_input',
    'the workflow checks calls against a rule set (input rule_set_id): none was given and the CRM (list_products) names none',
  );
}

/** `input` with the CRM-supplied inputs the workflow declares and the start left out filled in. */
export async function withCrmInputs(doc: unknown, input: unknown, services: ToolServices): Promise<{ input: unknown } | ToolFailure> {
  if (!isRecord(input) || !declares(doc, CRM_RULE_SET_INPUT) || input[CRM_RULE_SET_INPUT] !== undefined) return { input };
  const ruleSet = await crmRuleSet(services);
  return isFailure(ruleSet) ? ruleSet : { input: { ...input, [CRM_RULE_SET_INPUT]: ruleSet } };
}
