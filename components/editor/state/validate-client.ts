'use client';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import superjson, { type SuperJSONResult } from 'superjson';
import type { AppRouter } from '@/server/trpc/root';
import { TRPC_CLIENT_BATCH_ITEMS } from '@/lib/http-limits';

/**
 * The input side of superjson's wire form for a plain JSON value: `{ json: value }`, which the
 * server's superjson reads back as the value itself. superjson's own serialize walks every value
 * looking for Dates, Maps and the like and builds a path per value: 170–210 ms on the main thread
 * for a 1,000-state document, once per pause in typing, which a key pressed then waited for.
 * A document the editor holds is JSON (parsed from text, edited by the model): superjson has
 * nothing to add to it. A member whose value is undefined is left out, as the document's text
 * (what is saved) leaves it out.
 */
export const plainJsonInput = {
  serialize: (value: unknown): SuperJSONResult => ({ json: value as SuperJSONResult['json'] }),
  deserialize: (payload: SuperJSONResult): unknown => superjson.deserialize(payload),
};

let client: TRPCClient<AppRouter> | null = null;

/**
 * A tRPC client for the editor's validation requests, one per tab: the console's client (same
 * endpoint, batching and output transformer) but for inputs sent as plain JSON (above). Errors
 * reach the console's query cache as every other query's do (the caller runs it through React
 * Query), so an ended session is handled the same way.
 */
export function validateClient(): TRPCClient<AppRouter> {
  client ??= createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/api/trpc',
        transformer: { input: plainJsonInput, output: superjson },
        methodOverride: 'POST',
        maxItems: TRPC_CLIENT_BATCH_ITEMS,
      }),
    ],
  });
  return client;
}
