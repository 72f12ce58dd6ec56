/**
 * An embedding model: texts in, one vector per text out (same order, same dimensions).
 * `model` names the vector space: vectors of different models are never compared.
 */
export interface Embedder {
  readonly model: string;
  embed(texts: string[], opts?: { signal?: AbortSignal }): Promise<number[][]>;
}

/** The embeddings endpoint failed or answered outside the API's contract. */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

/** Inputs per request: well under the OpenAI limit (2048) and small enough to fail fast. */
const BATCH = 64;

/**
 * Client of an OpenAI-compatible embeddings API (`POST {baseUrl}/embeddings`, body
 * `{ model, input: string[], encoding_format: 'float' }`, answer `{ data: [{ index, embedding }] }`),
 * as served by OpenAI, Azure-style gateways, Ollama, vLLM, LM Studio and llama.cpp.
 */
export class OpenAiCompatibleEmbedder implements Embedder {
  constructor(private readonly opts: { baseUrl: string; model: string; apiKey?: string; timeoutMs?: number; fetch?: typeof fetch }) {}

  get model() {
    return this.opts.model;
  }

  async embed(texts: string[], { signal }: { signal?: AbortSignal } = {}): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) out.push(...(await this.request(texts.slice(i, i + BATCH), signal)));
    const dims = new Set(out.map((v) => v.length));
    if (dims.size > 1) throw new EmbeddingError(`embeddings endpoint returned vectors of different lengths: ${[...dims].join(', ')}`, null);
    return out;
  }

  private async request(input: string[], signal?: AbortSignal): Promise<number[][]> {
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/embeddings`;
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 30_000);
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.opts.model, input, encoding_format: 'float' }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      throw new EmbeddingError(`embeddings endpoint ${url} unreachable: ${(err as Error).message}`, null);
    }
    const body = (await res.json().catch(() => null)) as {
      data?: Array<{ index?: number; embedding?: unknown }>;
      error?: { message?: string };
    } | null;
    if (!res.ok)
      throw new EmbeddingError(`embeddings endpoint ${url} answered ${res.status}: ${body?.error?.message ?? res.statusText}`, res.status);
    const data = body?.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw new EmbeddingError(
        `embeddings endpoint ${url} returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${input.length} inputs`,
        res.status,
      );
    }
    const vectors: number[][] = new Array(input.length);
    for (const [pos, item] of data.entries()) {
      const index = typeof item.index === 'number' ? item.index : pos;
      if (
        !Array.isArray(item.embedding) ||
        !item.embedding.every((x) => typeof x === 'number' && Number.isFinite(x)) ||
        index < 0 ||
        index >= input.length
      ) {
        throw new EmbeddingError(`embeddings endpoint ${url} returned a malformed vector at data[${pos}]`, res.status);
      }
      vectors[index] = item.embedding as number[];
    }
    return vectors;
  }
}
