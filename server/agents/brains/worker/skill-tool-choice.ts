/** A tool of a loaded skill, as `load_skill` returns it. */
export interface LoadedSkillTool {
  name: string;
  description: string | null;
  parameters: unknown;
}

type ObjectSchema = { properties?: Record<string, unknown>; required?: unknown; additionalProperties?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The tool a Task calls with the state's arguments, by the rule the in-process worker uses
 * (server/execution/skill-choice.ts `chooseTool`): the only tool, else the first whose required
 * parameters are all present in the arguments. Null when none can take them.
 */
export function chooseSkillTool(tools: LoadedSkillTool[], args: unknown): LoadedSkillTool | null {
  if (tools.length === 1) return tools[0]!;
  const given = new Set(isRecord(args) ? Object.keys(args) : []);
  return tools.find((t) => requiredOf(t).every((p) => given.has(p))) ?? null;
}

/** The arguments the tool receives: the state's input minus fields its schema forbids (`additionalProperties: false`). */
export function skillToolArguments(tool: LoadedSkillTool, args: unknown): Record<string, unknown> {
  if (!isRecord(args)) return {};
  const schema = (isRecord(tool.parameters) ? tool.parameters : {}) as ObjectSchema;
  if (!schema.properties || schema.additionalProperties !== false) return args;
  return Object.fromEntries(Object.entries(args).filter(([k]) => k in schema.properties!));
}

function requiredOf(tool: LoadedSkillTool): string[] {
  const schema = isRecord(tool.parameters) ? (tool.parameters as ObjectSchema) : {};
  return Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
}
