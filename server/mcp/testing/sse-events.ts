/** Reads `event:`/`data:` pairs off an SSE body, however the bytes are split into chunks. */
export function sseEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(event: string): Promise<string> {
      for (;;) {
        const m = new RegExp(`(?:^|\\n)event: ${event}\\ndata: (.*)\\n\\n`).exec(buffer);
        if (m) {
          buffer = buffer.slice(m.index + m[0].length);
          return m[1]!;
        }
        const { done, value } = await reader.read();
        if (done) throw new Error(`the stream ended before a ${event} event`);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}
