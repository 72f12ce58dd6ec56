/** What a name lookup needs of an agent platform (server/contracts/agent-platform.ts). */
export interface AgentLookup {
  getAgent(id: string): Promise<{ name: string } | null>;
}

/**
 * The names of these agents on the platform, for people to read in place of ids. A courtesy: an
 * agent gone since, or one the platform cannot answer for now, is left out (the caller shows the id).
 */
export async function platformAgentNames(platform: AgentLookup, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const agent = await platform.getAgent(id).catch(() => null);
      if (agent) out.set(id, agent.name);
    }),
  );
  return out;
}
