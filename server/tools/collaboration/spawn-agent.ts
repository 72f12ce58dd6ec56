import { z } from 'zod';
import { AGENT_TYPES, spawnAgent } from '../../collaboration/spawn.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { ARG_LIMITS, idString, longText, nameString } from '../limits.ts';

/** collaboration-tools.md §10 spawn_agent. */
export const spawnAgentTool = defineTool({
  name: 'spawn_agent',
  description:
    'Create a new agent. generic-worker: created on the agent platform now from the generic-worker ' +
    'template, with the role and capabilities as tags (role:<role>, capability:<x>) and an assignment ' +
    'block, and sent the initial task. cline-vscode, claude-desktop, roocode-vscode: returns the ' +
    'proposed agent id, its system prompt and the steps and client configuration to launch it against ' +
    "this console's MCP endpoint with a token issued to that id (shown once).",
  readOnly: false,
  input: z.object({
    requesting_agent_id: idString().describe('Your unique Agent ID making the spawn request.'),
    agent_type: z.enum(AGENT_TYPES).describe('Type of agent instance to spawn.'),
    role: nameString().describe("Desired role for the new agent (e.g., 'SWE', 'QA', 'Data Analyst')."),
    capabilities: z.array(nameString()).max(ARG_LIMITS.items).describe('List of capabilities for the new agent.'),
    initial_task_description: longText().optional().describe('Optional: A brief description of the first task for the new agent.'),
  }),
  output: z.object({
    proposed_agent_id: z.string(),
    agent_type: z.enum(AGENT_TYPES),
    created: z.boolean(),
    spawn_status: z.enum(['created', 'awaiting_launch']),
    role: z.string(),
    capabilities: z.array(z.string()),
    tags: z.array(z.string()),
    template: z.string().nullable(),
    system_prompt: z.string(),
    instructions: z.array(z.string()),
    initial_task_message_id: z.string().nullable(),
    mcp: z
      .object({
        url: z.string(),
        token: z.string(),
        token_id: z.string(),
        agent_name: z.string(),
        scopes: z.array(z.string()),
        config_file: z.string(),
        config: z.record(z.string(), z.unknown()),
      })
      .nullable(),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => spawnAgent(c, args)),
});
