import { z } from 'zod';
import { storeMemory } from '../../learning/search.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { memoryTarget } from '../../learning/memory-access.ts';
import { ARG_LIMITS, boundedJson, boundedRecord, idString, longText, nameString } from '../limits.ts';

/** Spec §5.7/5.8 tool-15: "Store workflow insights into long-term memory for downstream agents". */
export const storeMemoryTool = defineTool({
  name: 'store_memory',
  description:
    'Store an insight in archival memory (e.g. a capability_gap or workflow_update block, spec ' +
    "§2.2/§4.3), searchable with search_embeddings. With agent_id it is also that agent's archival " +
    "passage (the local runtime's passages are these rows; on Letta it is inserted into the agent's " +
    'archival memory too). ' +
    'Only your own agent: an agent stores into itself (agent_id omitted or its own id), ' +
    'a user into the agents of its own conversations; anything else is forbidden.',
  readOnly: false,
  input: z.object({
    kind: nameString().min(1).describe('e.g. insight, capability_gap, workflow_update'),
    text: longText().min(1),
    tags: z.array(nameString()).max(ARG_LIMITS.items).default([]),
    metadata: boundedRecord(nameString(), boundedJson(ARG_LIMITS.text)).default({}),
    agent_id: idString().optional(),
  }),
  output: z.object({ memory_id: z.string(), created_at: z.string(), passage_id: z.string().nullable() }),
  async handler(args, { services, actor }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    // Only the caller's own agent (an agent: itself; a user: its conversations' agents): server/learning/memory-access.ts.
    const agentId = await memoryTarget(l.db, actor, args.agent_id);
    if (isFailure(agentId)) return agentId;
    // On Letta the agent's archival memory lives there: insert first, so a refused agent id stores nothing.
    // Only for an agent named in the call: an agent omitting it may be an MCP client with no Letta agent behind it.
    let passageId: string | null = null;
    if (args.agent_id && agentId && services.agents) {
      const platform = await services.agents();
      if (platform.kind === 'letta') {
        try {
          passageId = (await platform.insertPassage(agentId, { text: args.text, tags: [args.kind, ...args.tags] })).id;
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          return fail('unavailable', `Letta refused the archival passage for ${agentId}: ${reason}`);
        }
      }
    }
    const row = await storeMemory(l.db, { ...args, agent_id: agentId });
    return ok({ memory_id: row.id, created_at: row.createdAt.toISOString(), passage_id: passageId ?? (agentId ? row.id : null) });
  },
});
