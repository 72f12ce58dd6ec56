import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { asCallingAgent, base64Param, decodeBase64, filePathParam } from './memory.ts';

/** Spec §4.3 append_to_agent_memory_file: `memory_file_appended` as structured fields. */
export const appendToAgentMemoryFileTool = defineTool({
  name: 'append_to_agent_memory_file',
  description:
    'Appends content to a file in your own memory directory (created when missing), e.g. a Markdown log. With ' +
    'ensure_newline_before_append (default true) a line break is added first when the file is not empty and does ' +
    'not already end with one. Atomic like write_agent_memory_file, with the same per-file limit and quota.',
  readOnly: false,
  input: z.object({
    file_path: filePathParam,
    content_to_append_base64: base64Param.describe('The content to append, base64-encoded.'),
    ensure_newline_before_append: z.boolean().default(true).describe('Add a newline first if the file is not empty (default true).'),
  }),
  output: z.object({ file_path_appended: z.string(), status_message: z.string() }),
  async handler(args, ctx) {
    return asCallingAgent(ctx, 'append_to_agent_memory_file', async (store, agentId) => {
      const content = decodeBase64(args.content_to_append_base64);
      await store.append(agentId, args.file_path, content, args.ensure_newline_before_append);
      return ok({ file_path_appended: args.file_path, status_message: 'Content appended successfully.' });
    });
  },
});
