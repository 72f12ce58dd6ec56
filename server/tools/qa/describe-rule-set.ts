import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { skillDirectory } from '../../learning/services.ts';
import { callSkillData } from '../crm/skill-call.ts';
import { idString } from '../limits.ts';

/** The skill tool that describes a rule set (skills/compliance-analysis.json, amendment S4 in schemas/README.md). */
export const DESCRIBE_RULE_SET = 'describe_rule_set';

const rule = z.object({
  rule_id: z.string(),
  category: z.string(),
  rule: z.string().describe('What the rule asks of the advisor, as verdicts quote it.'),
  mandatory: z.boolean().describe('Required by the regulator: an override needs a second reviewer.'),
  applies_to_labels: z.array(z.string()).describe('The segment labels the rule is checked in (empty: any segment).'),
});

/**
 * What a compliance rule set checks, from its own data (issue 30: the domain from data, never a
 * list in code): its rules, and the segment labels its checks use — the taxonomy a composed
 * workflow labels a call's segments with. Asked of the catalog's skill that declares the
 * `describe_rule_set` tool (the compliance skill), on the platform's path (skill-call.ts); the
 * rule set to name is the CRM's (list_products → rule_set_id).
 */
export const describeRuleSetTool = defineTool({
  name: 'describe_rule_set',
  description:
    "Describe a compliance rule set (list_products' rule_set_id): its rules (rule_id, category, rule text, mandatory, " +
    'applies_to_labels) and `labels`, the segment labels its checks use, in order — the taxonomy to label a call with.',
  readOnly: true,
  input: z.object({
    rule_set_id: idString().min(1).describe("The rule set's id, as the CRM names it (list_products)."),
    product: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('A product, as the CRM names it (list_products): the answer then says in which parts of a call it is explained.'),
  }),
  output: z.object({
    rule_set_id: z.string(),
    rules: z.array(rule),
    labels: z
      .array(z.string())
      .describe('The segmentation taxonomy: every label a rule is checked in, and the parts the rule set declares.'),
    labels_from: z
      .enum(['declared', 'rules'])
      .describe('`declared`: the rule set lists its labels; `rules`: the labels its rules apply to.'),
    product: z.string().optional(),
    product_labels: z
      .array(z.string())
      .optional()
      .describe(
        "With a product: the labels of the rules about it (their condition meets its name), a product-explanation check's segments.",
      ),
    skill: z.string().describe('The skill that described it.'),
    summary: z.string(),
  }),
  async handler({ rule_set_id, product }, { services }) {
    let uri: string | undefined;
    try {
      const all = (await skillDirectory(services)).all();
      uri = all
        .filter((s) => s.manifest.requiredTools.some((t) => t.toolName === DESCRIBE_RULE_SET))
        .map((s) => s.uri)
        .sort()[0];
    } catch (err) {
      return fail('unavailable', `cannot read the skill catalog: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!uri) return fail('not_found', `no skill in the catalog (${services.config.skillsDir}) declares ${DESCRIBE_RULE_SET}`);
    const r = await callSkillData<{
      rule_set_id: string;
      rules: Array<z.infer<typeof rule>>;
      labels: string[];
      labels_from: 'declared' | 'rules';
      product?: string;
      product_labels?: string[];
    }>(services, uri, DESCRIBE_RULE_SET, product === undefined ? { rule_set_id } : { rule_set_id, product });
    if (isFailure(r)) return r;
    return ok({ ...r.data, skill: uri, summary: r.summary });
  },
});
