import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { FILE_TYPE_HINTS } from '../../agent-memory/file-type.ts';
import { asCallingAgent, filePathParam } from './memory.ts';

/** Spec §4.1 read_agent_memory_file: `memory_file_content` as structured fields. */
export const readAgentMemoryFileTool = defineTool({
  name: 'read_agent_memory_file',
  description:
    'Reads a file from your own memory directory (DCF_DATA_DIR/agent-memory/<your agent id>/). Returns its content ' +
    'base64-encoded, whether it exists (a missing file is not an error: file_exists false, empty content) and a type ' +
    'hint (YAML, MARKDOWN, TEXT or UNKNOWN: by extension, then the hint given when it was written, then by its ' +
    'content). Paths are relative; "..", absolute paths and symlinks are refused. You cannot read other ' +
    "agents' memory.",
  readOnly: true,
  input: z.object({ file_path: filePathParam }),
  output: z.object({
    file_path_read: z.string(),
    content_base64: z.string(),
    file_exists: z.boolean(),
    file_type_hint: z.enum(FILE_TYPE_HINTS),
  }),
  async handler(args, ctx) {
    return asCallingAgent(ctx, 'read_agent_memory_file', async (store, agentId) => {
      const r = await store.read(agentId, args.file_path);
      return ok({
        file_path_read: args.file_path,
        content_base64: r.content.toString('base64'),
        file_exists: r.exists,
        file_type_hint: r.typeHint,
      });
    });
  },
});
