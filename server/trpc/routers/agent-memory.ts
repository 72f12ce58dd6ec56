import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { AgentMemoryStore } from '../../agent-memory/store.ts';
import { isMemoryFileError } from '../../agent-memory/errors.ts';
import { ADMIN, procedure, router, type TrpcContext } from '../init.ts';

const CODES = {
  forbidden: 'FORBIDDEN',
  invalid_input: 'BAD_REQUEST',
  conflict: 'CONFLICT',
  not_found: 'NOT_FOUND',
} as const;

/** The store's refusals as tRPC errors (a path outside the directory, a missing file); anything else is a bug. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isMemoryFileError(err)) throw new TRPCError({ code: CODES[err.code], message: err.message });
    throw err;
  }
}

const storeOf = ({ services: { config } }: TrpcContext) => new AgentMemoryStore(config.dataDir, config.agentMemory);
const agentId = z.string().trim().min(1).max(200);

/**
 * Agents' memory files for admins (issue 18, the Agents view's "Memory files" tab): read-only —
 * agents write them with their own tools; an admin may list any agent's files and read one. Paths
 * are confined exactly as for the agent (server/agent-memory/).
 */
export const agentMemoryRouter = router({
  files: procedure
    .meta({ access: ADMIN })
    .input(z.object({ agent_id: agentId }))
    .query(({ ctx, input }) => answer(() => storeOf(ctx).list(input.agent_id))),

  file: procedure
    .meta({ access: ADMIN })
    .input(z.object({ agent_id: agentId, path: z.string().min(1).max(4096) }))
    .query(({ ctx, input }) =>
      answer(async () => {
        const r = await storeOf(ctx).readExisting(input.agent_id, input.path);
        let text: string | null;
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(r.content);
        } catch {
          text = null;
        }
        return {
          path: input.path,
          size_bytes: r.sizeBytes,
          modified_at: r.modifiedAt,
          file_type_hint: r.typeHint,
          /** The content as text, or null when it is not UTF-8 (then only `content_base64` has it). */
          text,
          content_base64: text === null ? r.content.toString('base64') : null,
        };
      }),
    ),
});
