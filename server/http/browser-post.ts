import { errorResponse } from './read-body.ts';
import { isStateChanging, refuseCrossSite, type ConsoleOrigin } from './same-origin.ts';

/**
 * The gate of routes that browsers post JSON to with the session cookie (tRPC, chat). An HTML
 * form can post `application/x-www-form-urlencoded`, `multipart/form-data` or `text/plain` to any
 * site without a CORS preflight, and tRPC took multipart and the chat route took text/plain; a
 * page elsewhere could thus post mutations as whoever was signed in. JSON needs a preflight
 * cross-site, so these routes take JSON only (415 otherwise), and refuse foreign origins (403).
 * Safe methods (GET, HEAD) pass: they change nothing.
 */
export function refuseBrowserPost(request: Request, origin: ConsoleOrigin): Response | null {
  if (!isStateChanging(request.method)) return null;
  return refuseCrossSite(request, origin) ?? refuseNonJson(request);
}

/** 415 `unsupported_media_type` unless the Content-Type is application/json (parameters allowed). */
export function refuseNonJson(request: Request): Response | null {
  const type = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase() ?? null;
  if (type === 'application/json') return null;
  const sent = type ? `Content-Type ${type.slice(0, 100)}` : 'no Content-Type';
  return errorResponse(415, 'unsupported_media_type', `this route takes application/json only, not ${sent}`);
}
