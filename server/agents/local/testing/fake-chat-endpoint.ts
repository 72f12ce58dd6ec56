import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * TEST SUPPORT: an OpenAI-compatible chat-completions endpoint on a local port, answering from a
 * script. Each request is checked against the wire format (roles, function tools, tool_calls with
 * string arguments, every `tool` message answering a call of the assistant message before it,
 * every call answered) and recorded with what was wrong with it, so tests can assert that the
 * `openai` brain sends well-formed requests.
 */
export type ScriptedReply = (
  | { tool_calls: Array<{ name: string; arguments: unknown; id?: string }>; content?: string | null; reasoning_content?: string }
  | { content: string; reasoning_content?: string }
  | { status: number; body: string }
) & {
  /** answer only after this many milliseconds */
  delayMs?: number;
  /** answer only when the test calls `release()`: nothing but the client can end the request before */
  held?: boolean;
};

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: ChatRequest;
  problems: string[];
}

const toolCall = z
  .object({ id: z.string().min(1), type: z.literal('function'), function: z.object({ name: z.string().min(1), arguments: z.string() }) })
  .strict();
const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }).strict(),
  z.object({ role: z.literal('user'), content: z.string() }).strict(),
  z.object({ role: z.literal('assistant'), content: z.string().nullable(), tool_calls: z.array(toolCall).min(1).optional() }).strict(),
  z.object({ role: z.literal('tool'), tool_call_id: z.string().min(1), content: z.string() }).strict(),
]);
const chatRequest = z
  .object({
    model: z.string().min(1),
    messages: z.array(message).min(1),
    tools: z
      .array(
        z
          .object({
            type: z.literal('function'),
            function: z
              .object({
                name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
                description: z.string(),
                parameters: z.looseObject({ type: z.literal('object') }),
              })
              .strict(),
          })
          .strict(),
      )
      .optional(),
    tool_choice: z.literal('auto').optional(),
    temperature: z.number().optional(),
  })
  .strict();
export type ChatRequest = z.infer<typeof chatRequest>;

/** Wire-format problems of a request body (empty when it is well-formed). */
export function chatRequestProblems(body: unknown): string[] {
  const parsed = chatRequest.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const problems: string[] = [];
  const { messages } = parsed.data;
  if (messages[0]!.role !== 'system') problems.push('the first message is not the system prompt');
  let open = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role === 'tool') {
      if (!open.has(m.tool_call_id)) problems.push(`messages.${i}: tool message answers no pending call (${m.tool_call_id})`);
      open.delete(m.tool_call_id);
      return;
    }
    if (open.size) problems.push(`messages.${i}: calls ${[...open].join(', ')} were not answered before this ${m.role} message`);
    open = new Set(m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []);
  });
  if (open.size) problems.push(`calls ${[...open].join(', ')} are never answered`);
  const names = (parsed.data.tools ?? []).map((t) => t.function.name);
  if (new Set(names).size !== names.length) problems.push('a tool is offered twice');
  return problems;
}

export class FakeChatEndpoint {
  readonly requests: RecordedRequest[] = [];
  /** Requests whose client closed the connection before they were answered. */
  hungUp = 0;
  private held: Array<() => boolean> = [];
  private script: Array<ScriptedReply | ((req: ChatRequest) => ScriptedReply)> = [];

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakeChatEndpoint> {
    let self!: FakeChatEndpoint;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        const problems =
          req.method === 'POST' && req.url === '/v1/chat/completions' ? chatRequestProblems(body) : [`unexpected ${req.method} ${req.url}`];
        self.requests.push({ path: req.url ?? '', headers: req.headers, body: body as ChatRequest, problems });
        const next = self.script.shift();
        const reply = typeof next === 'function' ? next(body as ChatRequest) : next;
        if (!reply)
          return void res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'the fake endpoint has no scripted reply left' } }));
        let answered = false;
        res.on('close', () => void (answered || self.hungUp++));
        const send = () => {
          if (res.destroyed) return false;
          answered = true;
          if ('status' in reply) res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
          else {
            const model = (body as ChatRequest | null)?.model ?? 'unknown';
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(reply, model)));
          }
          return true;
        };
        if (reply.held) self.held.push(send);
        else if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new FakeChatEndpoint(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    return self;
  }

  /** Queues replies, answered in order, one per request. */
  reply(...replies: Array<ScriptedReply | ((req: ChatRequest) => ScriptedReply)>): this {
    this.script.push(...replies);
    return this;
  }

  /** Answers the held requests whose clients still wait; how many were answered. */
  release(): number {
    return this.held.splice(0).filter((send) => send()).length;
  }

  get pending(): number {
    return this.script.length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let calls = 0;

function completion(reply: Exclude<ScriptedReply, { status: number }>, model: string) {
  const message =
    'tool_calls' in reply
      ? {
          role: 'assistant',
          content: reply.content ?? null,
          tool_calls: reply.tool_calls.map((c) => ({
            id: c.id ?? `call_fake_${++calls}`,
            type: 'function',
            function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
          })),
        }
      : { role: 'assistant', content: reply.content };
  return {
    id: `chatcmpl-fake-${++calls}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { ...message, ...(reply.reasoning_content ? { reasoning_content: reply.reasoning_content } : {}) },
        finish_reason: 'tool_calls' in reply ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  };
}
