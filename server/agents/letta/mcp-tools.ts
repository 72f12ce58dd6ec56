import type { Letta } from '@letta-ai/letta-client';
import { z } from 'zod';
import { callLetta, LettaPlatformError, type LettaRequest } from './errors.ts';
import { lettaMcpServer, lettaTool, readLetta, type LettaMcpServer } from './schemas.ts';

/** How Letta reaches our MCP endpoint (`app/api/mcp`, Streamable HTTP). */
export interface McpRegistration {
  /** Name of the MCP server in Letta; an existing server of this name is reused. */
  serverName: string;
  /** `${DCF_PUBLIC_URL}/api/mcp` */
  serverUrl: string;
  /** Bearer token Letta sends to our endpoint (`Authorization: Bearer …`). */
  bearerToken?: string;
}

/**
 * Our MCP server as registered with Letta, and the Letta tool ids of its tools by name. The
 * registration happens once (`ensure`), reusing a server of the same name: its URL and token are
 * brought up to date and its tool list refreshed, so tools added since the last start appear.
 */
export class McpToolDirectory {
  #registered: Promise<{ serverId: string; tools: Map<string, string> }> | undefined;

  constructor(
    private readonly client: Letta,
    private readonly registration: McpRegistration,
  ) {}

  /** Registers (or reuses) the server and lists its tools; later calls return the same result. */
  ensure(): Promise<{ serverId: string; tools: ReadonlyMap<string, string> }> {
    this.#registered ??= this.register().catch((error: unknown) => {
      this.#registered = undefined; // let the next call try again
      throw error;
    });
    return this.#registered;
  }

  /** Lists the server's tools again (after our tool set changed). */
  async reload(): Promise<ReadonlyMap<string, string>> {
    const { serverId } = await this.ensure();
    const tools = await this.listTools(serverId);
    this.#registered = Promise.resolve({ serverId, tools });
    return tools;
  }

  private config() {
    const { serverUrl, bearerToken } = this.registration;
    return {
      mcp_server_type: 'streamable_http' as const,
      server_url: serverUrl,
      ...(bearerToken ? { auth_header: 'Authorization', auth_token: `Bearer ${bearerToken}` } : {}),
    };
  }

  private async register() {
    const { serverName } = this.registration;
    const listReq: LettaRequest = { method: 'GET', path: '/v1/mcp-servers/' };
    const servers = await readLetta(listReq, () => this.client.mcpServers.list(), z.array(lettaMcpServer), 'MCP server list');
    const existing = servers.find((s) => s.server_name === serverName);
    const server = existing ? await this.update(existing) : await this.create();
    return { serverId: server.id, tools: await this.listTools(server.id) };
  }

  private async create(): Promise<LettaMcpServer> {
    const body = { server_name: this.registration.serverName, config: this.config() };
    const req: LettaRequest = { method: 'POST', path: '/v1/mcp-servers/', body };
    return readLetta(req, () => this.client.mcpServers.create(body), lettaMcpServer, 'MCP server');
  }

  private async update(existing: LettaMcpServer): Promise<LettaMcpServer> {
    const path = `/v1/mcp-servers/${existing.id}`;
    if (existing.mcp_server_type && existing.mcp_server_type !== 'streamable_http') {
      throw new LettaPlatformError(
        null,
        `an MCP server named "${existing.server_name}" already exists as ${existing.mcp_server_type}; rename ` +
          'or delete it so the DCF server can register as streamable_http',
        { method: 'GET', path },
      );
    }
    const body = { config: this.config() };
    const updated = await readLetta(
      { method: 'PATCH', path, body },
      () => this.client.mcpServers.update(existing.id, body),
      lettaMcpServer,
      'MCP server',
    );
    await callLetta({ method: 'PATCH', path: `${path}/refresh` }, () => this.client.mcpServers.refresh(existing.id));
    return updated;
  }

  private async listTools(serverId: string): Promise<Map<string, string>> {
    const req: LettaRequest = { method: 'GET', path: `/v1/mcp-servers/${serverId}/tools` };
    const tools = await readLetta(req, () => this.client.mcpServers.tools.list(serverId), z.array(lettaTool), 'MCP tool list');
    return new Map(tools.flatMap((t) => (t.name ? [[t.name, t.id] as const] : [])));
  }
}
