import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['chat'];

/** A conversation as `chat.conversations` lists it (newest first). */
export type Conversation = Outputs['conversations'][number];
/** `chat.runtime`: which agent platform and brain answer. */
export type Runtime = Outputs['runtime'];
