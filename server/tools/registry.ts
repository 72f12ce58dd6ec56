import { z } from 'zod';
import type { AnyTool } from './define-tool.ts';
import { toolResultSchema } from './result.ts';
import { getSkillsetTool } from './skills/get-skillset.ts';
import { validateSkillManifestTool } from './skills/validate-skill-manifest.ts';
import { validateWorkflowTool } from './workflows/validate-workflow.ts';

/**
 * The one registry of tools. The CLI (`dcf tools`, `dcf tool`), the console's tRPC routers and
 * (from the agents issue) the MCP endpoint all serve exactly this list.
 */
export const TOOLS: readonly AnyTool[] = [getSkillsetTool, validateSkillManifestTool, validateWorkflowTool] as unknown as AnyTool[];

const byName = new Map(TOOLS.map((t) => [t.name, t]));
if (byName.size !== TOOLS.length) throw new Error('duplicate tool name in registry');

export function findTool(name: string): AnyTool | undefined {
  return byName.get(name);
}

export type ToolDescription = { name: string; description: string; readOnly: boolean; inputSchema: unknown; outputSchema: unknown };

/** Every tool with its JSON Schemas (draft 2020-12), generated from the zod definitions. */
export function describeTools(): ToolDescription[] {
  return TOOLS.map((t) => ({
    name: t.name,
    description: t.description,
    readOnly: t.readOnly,
    inputSchema: z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }),
    outputSchema: z.toJSONSchema(toolResultSchema(t.output), { io: 'output', unrepresentable: 'any' }),
  }));
}
