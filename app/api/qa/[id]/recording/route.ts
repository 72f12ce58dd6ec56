import { qaRecordingRoute } from '@/server/app/routes/qa-recording-route';

/** Access is checked per request: never cached by Next.js. */
export const dynamic = 'force-dynamic';

/** GET /api/qa/<qa_result_id>/recording — the call's audio for the player: server/app/routes/qa-recording.ts. */
export const GET = qaRecordingRoute.audio.GET;
