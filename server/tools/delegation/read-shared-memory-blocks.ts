import { z } from 'zod';
import { readSharedMemoryBlocks } from '../../delegation/shared-blocks.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { isToolFailure, jsonParam, withHub } from './delegation.ts';
import { idString, jsonTextString } from '../limits.ts';

/** The worked example's read_shared_memory_blocks, reused by the Strategist (dcf-plus "Strategist Agent"). */
export const readSharedMemoryBlocksTool = defineTool({
  name: 'read_shared_memory_blocks',
  description:
    "Read another agent's shared memory blocks (the blocks it holds together with other agents, e.g. a " +
    "Conductor's session_context and strategist_guidelines), read-only. An agent may read only agents it " +
    'shares a block with.',
  readOnly: true,
  input: z.object({
    agent_id: idString().min(1).describe('The agent whose shared blocks to read.'),
    labels_json: jsonTextString().optional().describe('Optional JSON array of block labels to read (default all shared blocks).'),
  }),
  output: z.object({
    agent_id: z.string(),
    blocks: z.array(
      z.object({
        block_id: z.string(),
        label: z.string(),
        value: z.string(),
        description: z.string().nullable(),
        limit: z.number(),
        read_only: z.boolean(),
        shared_with: z.array(z.string()),
      }),
    ),
  }),
  async handler(args, { actor, services }) {
    const labels = jsonParam('labels_json', args.labels_json, z.array(z.string().min(1)));
    if (isToolFailure(labels)) return labels;
    return withHub(services, async (hub) =>
      ok({ agent_id: args.agent_id, blocks: await readSharedMemoryBlocks(hub, actor, args.agent_id, labels) }),
    );
  },
});
