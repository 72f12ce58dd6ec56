import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { callCrmDirectory, skillSummary } from './crm-directory.ts';

const product = z.object({ name: z.string(), applications: z.number().int().describe('Applications for this product.') });

/** The products of the CRM's applications (any product, not only HELOC 2.0), to resolve what a request names. */
export const listProductsTool = defineTool({
  name: 'list_products',
  description: "List the products of the CRM's loan applications, each with its number of applications, by name.",
  readOnly: true,
  input: z.object({}),
  output: z.object({
    products: z.array(product),
    rule_set_id: z.string().optional().describe("The compliance rule set the lender's calls are checked against, when the CRM names one."),
    summary: skillSummary,
  }),
  async handler(_args, { services }) {
    const r = await callCrmDirectory<{ products: Array<z.infer<typeof product>>; rule_set_id?: unknown }>(services, 'list_products', {});
    if (isFailure(r)) return r;
    const ruleSet = typeof r.data.rule_set_id === 'string' ? { rule_set_id: r.data.rule_set_id } : {};
    return ok({ products: r.data.products, ...ruleSet, summary: r.summary });
  },
});
