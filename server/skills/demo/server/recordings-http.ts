import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUDIO_MIME } from '../audio/codec.ts';
import type { RecordingAudioStore } from '../audio/store.ts';
import type { WorldData } from '../dataset/generate.ts';

/** The call store's read paths on the demo skills server. */
export const RECORDINGS_PATHS = { audio: '/recordings/audio', meta: '/recordings/meta' } as const;

/**
 * The demo call store over HTTP, as a recording system serves its calls: GET
 * `/recordings/audio?uri=<recording_uri>` → the call's audio (Ogg Opus), GET
 * `/recordings/meta?uri=<recording_uri>` → `{recording_id, duration_s, peaks, bytes, render_ms}`.
 * A call not yet rendered is rendered first (store.ts). 400 without a uri (or one over 2,000
 * characters), 404 for a uri the world has no recording at, 405 for anything but GET. Whoever may
 * hear the call is the console's to decide: this server listens on the machine or the intranet only.
 */
export async function handleRecordings(
  req: IncomingMessage,
  res: ServerResponse,
  world: WorldData,
  store: RecordingAudioStore,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://demo');
  const json = (status: number, body: unknown): void =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET' }).end();
  const uri = url.searchParams.get('uri') ?? '';
  if (!uri || uri.length > 2000) return json(400, { message: 'uri: the recording_uri, 1 to 2000 characters' });
  const rec = world.dataset.recordings.find((r) => r.uri === uri);
  if (!rec) return json(404, { message: `no recording at ${uri}` });
  if (url.pathname === RECORDINGS_PATHS.meta) return json(200, await store.meta(rec));
  const { audio } = await store.audio(rec);
  res.writeHead(200, { 'content-type': AUDIO_MIME, 'content-length': String(audio.length), 'cache-control': 'no-store' }).end(audio);
}
