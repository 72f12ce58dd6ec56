import { chatTurnRoute } from '@/server/app/routes/chat-turn';

/** Streams can last as long as a pilot run: no static caching, Node runtime. */
export const dynamic = 'force-dynamic';

/** One chat turn, answered as Server-Sent Events: server/app/routes/chat-turn.ts. */
export const POST = chatTurnRoute.POST;
