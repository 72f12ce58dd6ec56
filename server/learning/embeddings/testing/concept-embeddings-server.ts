import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test double of an OpenAI-compatible embeddings endpoint (no model can run here). It follows
 * the published wire format — `POST /embeddings` with `{ model, input: string | string[],
 * encoding_format? }`, answer `{ object: 'list', data: [{ object: 'embedding', index, embedding }],
 * model, usage }`, errors as `{ error: { message, type, param, code } }` — and rejects requests
 * outside it. Its "model" is a bag of concepts: words of one concept group (e.g. speaker,
 * diarization, utterances, who, said) share a dimension, so texts about the same thing are
 * similar without sharing words; other words land in hashed dimensions with a lower weight.
 */
export const CONCEPTS: Record<string, string[]> = {
  speakers: ['speaker', 'speakers', 'diarization', 'diarize', 'utterance', 'utterances', 'who', 'said', 'separate', 'voices'],
  transcription: ['transcribe', 'transcribes', 'transcript', 'transcription', 'audio', 'speech', 'recording', 'recordings'],
  compliance: ['compliance', 'regulation', 'regulatory', 'rules', 'rule', 'disclosure', 'disclosures'],
  scoring: ['score', 'scoring', 'quality', 'qa', 'scorecard', 'grade'],
};
const HASHED = 28;
export const DIMENSIONS = Object.keys(CONCEPTS).length + HASHED;

/** The double's embedding of one text (exported so tests can compute expected similarities). */
export function conceptEmbedding(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  const groups = Object.values(CONCEPTS);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const g = groups.findIndex((words) => words.includes(word));
    if (g >= 0) v[g]! += 1;
    else v[groups.length + (createHash('md5').update(word).digest()[0]! % HASHED)]! += 0.3;
  }
  return v;
}

export interface EmbeddingsServer {
  url: string;
  /** Every request body received, in order. */
  requests: Array<{ authorization: string | undefined; body: unknown }>;
  /** Makes the next responses fail with this HTTP status (null: answer normally). */
  failWith: number | null;
  close(): Promise<void>;
}

const error = (res: http.ServerResponse, status: number, message: string, type = 'invalid_request_error') => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type, param: null, code: null } }));
};

export async function startEmbeddingsServer(opts: { apiKey?: string } = {}): Promise<EmbeddingsServer> {
  const state: Pick<EmbeddingsServer, 'requests' | 'failWith'> = { requests: [], failWith: null };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return error(res, 404, `no route ${req.method} ${req.url}`);
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return error(res, 401, 'Incorrect API key provided', 'authentication_error');
      let body: { model?: unknown; input?: unknown; encoding_format?: unknown };
      try {
        body = JSON.parse(raw);
      } catch {
        return error(res, 400, 'body is not JSON');
      }
      state.requests.push({ authorization: req.headers.authorization, body });
      if (state.failWith) return error(res, state.failWith, 'The server is overloaded', 'server_error');
      const input = typeof body.input === 'string' ? [body.input] : body.input;
      if (typeof body.model !== 'string' || !body.model) return error(res, 400, "'model' is required");
      if (
        !Array.isArray(input) ||
        input.length === 0 ||
        input.length > 2048 ||
        !input.every((t) => typeof t === 'string' && t.length > 0)
      ) {
        return error(res, 400, "'input' must be a non-empty string or an array of 1–2048 non-empty strings");
      }
      if (body.encoding_format !== undefined && body.encoding_format !== 'float' && body.encoding_format !== 'base64')
        return error(res, 400, "'encoding_format' must be float or base64");
      if (body.encoding_format === 'base64') return error(res, 400, 'this double only answers encoding_format float');
      const tokens = input.reduce((n, t) => n + t.split(/\s+/).length, 0);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          data: input.map((t, index) => ({ object: 'embedding', index, embedding: conceptEmbedding(t) })),
          model: body.model,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
