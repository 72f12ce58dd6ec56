/**
 * Reads a request body with a hard size limit, so no route parses a body it was never meant to
 * take (a 20 MB JSON body used to be read whole). The limit is checked against Content-Length
 * first and then against the bytes actually streamed (a client can lie or send chunked), and
 * reading stops as soon as it is exceeded.
 *
 * Failures come back as a ready JSON response in the tool layer's error shape
 * (`{ status: 'error', error, error_code }`): 413 `payload_too_large`, 400 `invalid_input`.
 */
export type BodyRead<T> = { ok: true; value: T } | { ok: false; response: Response };

export async function readBodyText(request: Request, maxBytes: number): Promise<BodyRead<string>> {
  const bytes = await readBodyBytes(request, maxBytes);
  return bytes.ok ? { ok: true, value: new TextDecoder().decode(bytes.value) } : bytes;
}

/** The body's bytes as sent (for handing on to another handler unchanged), under the same limit. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<BodyRead<Uint8Array<ArrayBuffer>>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes);
  if (!request.body) return { ok: true, value: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return { ok: true, value: concat(chunks, total) };
}

/** As readBodyText, then JSON.parse; an empty body is `null`. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyRead<unknown>> {
  const text = await readBodyText(request, maxBytes);
  if (!text.ok) return text;
  if (text.value.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text.value) as unknown };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_input', 'the request body is not valid JSON') };
  }
}

export function errorResponse(status: number, code: string, error: string): Response {
  return Response.json({ status: 'error', error, error_code: code }, { status });
}

function tooLarge(maxBytes: number): BodyRead<never> {
  const error = `the request body is larger than the ${maxBytes.toLocaleString('en-GB')} bytes this route accepts`;
  return { ok: false, response: errorResponse(413, 'payload_too_large', error) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Whether `text` is JSON (empty counts as none). JSON.parse is iterative in V8: deep nesting cannot overflow here. */
export function isJsonText(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
