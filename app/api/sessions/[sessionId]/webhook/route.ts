import { sessionWebhookRoute } from '@/server/app/routes/session-webhook';

/** A delegated-mode session's webhook: server/app/routes/session-webhook.ts. */
export const POST = sessionWebhookRoute.POST;
