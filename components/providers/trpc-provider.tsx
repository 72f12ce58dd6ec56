'use client';
import { useState, type ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/root';
import { TRPCProvider } from '@/components/providers/trpc';
import { TRPC_CLIENT_BATCH_ITEMS } from '@/lib/http-limits';

/**
 * A session that ended while the page was open (expired, signed out elsewhere, user disabled)
 * shows up as UNAUTHORIZED on the next call: send the user to sign in and back here, instead of
 * leaving panels that say "sign in first". The sign-in page itself handles its own errors.
 */
function onUnauthorized(error: unknown) {
  if (!(error instanceof TRPCClientError) || error.data?.code !== 'UNAUTHORIZED') return;
  const { pathname, search } = window.location;
  if (pathname === '/sign-in') return;
  window.location.assign(`/sign-in?next=${encodeURIComponent(pathname + search)}`);
}

/** React Query + tRPC for the console; one client per browser tab. */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onUnauthorized }),
        mutationCache: new MutationCache({ onError: onUnauthorized }),
        defaultOptions: { queries: { staleTime: 30_000, retry: (n, err) => n < 2 && !/UNAUTHORIZED|FORBIDDEN/.test(String(err)) } },
      }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      // maxItems: the server refuses batches over TRPC_MAX_BATCH_SIZE (server/http/limits.ts).
      links: [httpBatchLink({ url: '/api/trpc', transformer: superjson, methodOverride: 'POST', maxItems: TRPC_CLIENT_BATCH_ITEMS })],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
