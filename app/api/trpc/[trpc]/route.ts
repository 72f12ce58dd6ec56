import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/trpc/root';
import { createRequestContext } from '@/server/trpc/context';
import { logger } from '@/server/log';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    // Read-only tool calls carry whole documents (a workflow to validate): let queries travel as POST.
    allowMethodOverride: true,
    createContext: ({ resHeaders }) => createRequestContext(req, resHeaders),
    onError: ({ path, error }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger().error({ path, err: error.cause ?? error }, 'tRPC procedure failed');
    },
  });
}

export { handler as GET, handler as POST };
