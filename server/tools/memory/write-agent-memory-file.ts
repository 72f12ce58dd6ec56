import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { WRITABLE_TYPE_HINTS } from '../../agent-memory/file-type.ts';
import { asCallingAgent, base64Param, decodeBase64, filePathParam } from './memory.ts';

/** Spec §4.2 write_agent_memory_file: `memory_file_written` as structured fields. */
export const writeAgentMemoryFileTool = defineTool({
  name: 'write_agent_memory_file',
  description:
    'Writes (or overwrites) a file in your own memory directory, creating folders as needed. The write is atomic: ' +
    'readers and crashes see the old file or the new one, never a part. Refused: paths leaving your directory, ' +
    'content over the per-file limit (DCF_AGENT_MEMORY_MAX_FILE_BYTES) and writes over your quota ' +
    '(DCF_AGENT_MEMORY_QUOTA_BYTES). file_type_hint is kept and reported by later reads when the extension says ' +
    'nothing.',
  readOnly: false,
  input: z.object({
    file_path: filePathParam,
    content_base64: base64Param.describe('The content to write, base64-encoded.'),
    file_type_hint: z.enum(WRITABLE_TYPE_HINTS).optional().describe('A hint about the file type, kept for later reads.'),
  }),
  output: z.object({ file_path_written: z.string(), status_message: z.string() }),
  async handler(args, ctx) {
    return asCallingAgent(ctx, 'write_agent_memory_file', async (store, agentId) => {
      await store.write(agentId, args.file_path, decodeBase64(args.content_base64), args.file_type_hint ?? null);
      return ok({ file_path_written: args.file_path, status_message: 'File saved successfully.' });
    });
  },
});
