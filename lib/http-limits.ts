/**
 * Request size limits of the console's own routes, in one place so the server and the browser
 * client agree. A pure module with no imports: the tRPC client provider reads the batch size too.
 *
 * Why these sizes:
 * - tRPC, 2 MB: the largest legitimate inputs are whole workflow documents (save, validate,
 *   compile, drafts); the shipped ones are under 8 KB, so 2 MB leaves room for generated ones of
 *   a thousand states and more, while a 20 MB body is refused before it is read.
 * - MCP, 2 MB: agents send the same documents through the same tools.
 * - Chat, 64 KB: one typed chat message (`{content}`); a page of prose is ~5 KB.
 * - Session webhook, 64 KB: a skill's callback; the session keeps at most 10,000 characters of
 *   it (server/delegation/webhook.ts), so more than that is never shown anyway.
 */
export const BODY_LIMITS = {
  trpc: 2 * 1024 * 1024,
  mcp: 2 * 1024 * 1024,
  chat: 64 * 1024,
  sessionWebhook: 64 * 1024,
} as const;

/**
 * Most procedure calls one tRPC HTTP request may carry (fetchRequestHandler `maxBatchSize`). Each
 * call is a separate unit of work (a sign-in is a 128 MiB scrypt hash), so an unbounded batch
 * let one request queue any amount of it.
 */
export const TRPC_MAX_BATCH_SIZE = 20;

/** What the browser's httpBatchLink packs into one request (`maxItems`): under the server's cap. */
export const TRPC_CLIENT_BATCH_ITEMS = 10;
