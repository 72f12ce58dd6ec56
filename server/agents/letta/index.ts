/** The Letta adapter of the agent-platform port (see README.md beside this file). */
export { connectLettaPlatform, LettaAgentPlatform, type LettaPlatformOptions } from './letta-platform.ts';
export { LettaPlatformError, UnknownToolError, type LettaRequest } from './errors.ts';
export { AgentTemplateError, agentFileSchema, type AgentFile } from './agent-file.ts';
export { MULTI_AGENT_TOOLS, RENAMED_TOOLS } from '../../delegation/letta-multi-agent.ts';
