import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/trpc/root';
import { appRequestContext } from '@/server/app/trpc-context';
import { config } from '@/server/config';
import { logger } from '@/server/log';
import { refuseBrowserPost } from '@/server/http/browser-post';
import { consoleOrigin } from '@/server/http/same-origin';
import { withBodyLimit } from '@/server/http/buffered-request';
import { BODY_LIMITS, TRPC_MAX_BATCH_SIZE } from '@/lib/http-limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * tRPC over HTTP. Before tRPC sees a POST: it must come from the console's own pages (403) as
 * JSON (415; tRPC itself would take multipart/form-data, which any site's form can post), and
 * its body is read under BODY_LIMITS.trpc (413). A batch holds at most TRPC_MAX_BATCH_SIZE calls.
 */
async function handler(incoming: Request): Promise<Response> {
  const refused = refuseBrowserPost(incoming, consoleOrigin(config()));
  if (refused) return refused;
  const limited = await withBodyLimit(incoming, BODY_LIMITS.trpc);
  if (!limited.ok) return limited.response;
  const req = limited.value;
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    // Read-only tool calls carry whole documents (a workflow to validate): let queries travel as POST.
    allowMethodOverride: true,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: ({ resHeaders }) => appRequestContext(req, resHeaders),
    onError: ({ path, error }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger().error({ path, err: error.cause ?? error }, 'tRPC procedure failed');
    },
  });
}

export { handler as GET, handler as POST };
