import { NextResponse } from 'next/server';
import type { PublicUser } from '../../auth/users.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { qaRecordingUri } from '../../qa/recording.ts';
import { fetchRecording } from '../../skills/invoke/recording-store.ts';
import { byteRange } from '../../../lib/byte-range.ts';
import { isUuid } from '../../../lib/uuid.ts';

/** What the recording routes are handed: the request's user, the database and the configuration (where the call store is). */
export interface QaRecordingRouteServices {
  currentUser: () => Promise<PublicUser | null>;
  database: () => Promise<{ db: Db }>;
  config: () => AppConfig;
}

const failure = (status: number, error: string, message: string) => NextResponse.json({ error, message }, { status });

/**
 * A call's recording for the QA call page's player, read through the recording store by the
 * recording_uri the call's transcript was made from. Access as the call page: any signed-in user
 * (401 signed out); 400 not a QA result id, 404 no such result or no recording, 502 the store failed.
 *
 * `audio.GET` — GET /api/qa/<qa_result_id>/recording: the audio (Ogg Opus), with byte ranges (206)
 * so the browser can seek. `waveform.GET` — GET /api/qa/<qa_result_id>/recording/waveform:
 * `{duration_s, peaks}` (peaks 0…1, computed once when the call was rendered).
 */
export function qaRecordingRoutes(services: QaRecordingRouteServices) {
  async function uriOf(ctx: { params: Promise<{ id: string }> }): Promise<string | Response> {
    const { id } = await ctx.params;
    if (!(await services.currentUser())) return failure(401, 'unauthorized', 'sign in first');
    if (!isUuid(id)) return failure(400, 'invalid_input', 'not a QA result id');
    const uri = await qaRecordingUri((await services.database()).db, id);
    if (uri === undefined) return failure(404, 'not_found', `no QA result ${id}`);
    if (uri === null) return failure(404, 'not_found', 'this result does not name the recording it was transcribed from');
    return uri;
  }

  const audio = async (request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    const uri = await uriOf(ctx);
    if (typeof uri !== 'string') return uri;
    const got = await fetchRecording(services.config(), uri, 'audio', request.signal);
    if (!got.ok) return failure(got.status, got.status === 404 ? 'not_found' : 'unavailable', got.message);
    const body = new Uint8Array(await got.response.arrayBuffer());
    const type = got.response.headers.get('content-type') ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    };
    const range = byteRange(request.headers.get('range'), body.length);
    if (range === 'unsatisfiable')
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${body.length}` } });
    if (!range) return new Response(body, { headers: { ...headers, 'Content-Length': String(body.length) } });
    const part = body.subarray(range.start, range.end + 1);
    return new Response(part, {
      status: 206,
      headers: { ...headers, 'Content-Length': String(part.length), 'Content-Range': `bytes ${range.start}-${range.end}/${body.length}` },
    });
  };

  const waveform = async (request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    const uri = await uriOf(ctx);
    if (typeof uri !== 'string') return uri;
    const got = await fetchRecording(services.config(), uri, 'meta', request.signal);
    if (!got.ok) return failure(got.status, got.status === 404 ? 'not_found' : 'unavailable', got.message);
    const meta = (await got.response.json()) as { duration_s: number; peaks: number[] };
    return NextResponse.json({ duration_s: meta.duration_s, peaks: meta.peaks }, { headers: { 'Cache-Control': 'private, max-age=3600' } });
  };
  return { audio: { GET: audio }, waveform: { GET: waveform } };
}
