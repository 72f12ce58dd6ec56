/**
 * The parts of Letta's agent file (`.af` v2, `AgentFileSchema` in the Letta OpenAPI document)
 * the local runtime reads. The file is validated against the full schema
 * (agent-file.schema.json) first; these types only name what is used afterwards.
 */
export interface AgentFile {
  agents: AfAgent[];
  groups: AfGroup[];
  blocks: AfBlock[];
  files: unknown[];
  sources: unknown[];
  tools: AfTool[];
  mcp_servers: AfMcpServer[];
  metadata?: Record<string, string>;
}

export interface AfAgent {
  id: string;
  name?: string;
  agent_type?: string;
  system?: string | null;
  description?: string | null;
  tags?: string[] | null;
  tool_ids?: string[] | null;
  /** Tool names (Letta's create-agent form), besides `tool_ids`. */
  tools?: string[] | null;
  block_ids?: string[] | null;
  memory_blocks?: Array<{ label: string; value: string; limit?: number; description?: string | null; read_only?: boolean }> | null;
  tool_rules?: Array<{ tool_name: string; type?: string } & Record<string, unknown>> | null;
  group_ids?: string[];
  metadata?: Record<string, unknown> | null;
}

export interface AfBlock {
  id: string;
  label: string;
  value: string;
  limit?: number;
  description?: string | null;
  read_only?: boolean;
  metadata?: Record<string, unknown> | null;
}

export interface AfTool {
  id: string;
  name?: string | null;
  tool_type?: string;
  description?: string | null;
  tags?: string[];
  json_schema?: Record<string, unknown> | null;
  metadata_?: Record<string, unknown> | null;
}

export interface AfGroup {
  id: string;
  agent_ids: string[];
  description: string;
  manager_config?: { manager_type?: string; manager_agent_id?: string; sleeptime_agent_frequency?: number | null } & Record<
    string,
    unknown
  >;
}

export interface AfMcpServer {
  id: string;
  server_type: string;
  server_name: string;
  server_url?: string | null;
}

/** The agent type of sleep-time companions in an agent file. */
export const SLEEPTIME_AGENT_TYPE = 'sleeptime_agent';
