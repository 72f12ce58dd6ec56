import { runWebhookRoute } from '@/server/app/routes/run-webhook';

/** A run's control-plane webhook: server/app/routes/run-webhook.ts. */
export const POST = runWebhookRoute.POST;
