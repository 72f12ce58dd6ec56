import { z } from 'zod';
import { callLetta, LettaPlatformError, type LettaRequest } from './errors.ts';

/**
 * The parts of Letta's responses the adapter reads (component schemas of the Letta OpenAPI
 * document, fixtures/letta-openapi.json), checked at the boundary. Fields the adapter does not
 * read are left out; optional and nullable follow the document.
 */

const id = z.string().min(1);
const nullishString = z.string().nullish();

/** `Tool` */
export const lettaTool = z.object({ id, name: nullishString, tool_type: nullishString });
export type LettaTool = z.infer<typeof lettaTool>;

/** `BlockResponse` (and `Block` inside an agent's memory). */
export const lettaBlock = z.object({
  id,
  value: z.string(),
  label: nullishString,
  limit: z.number().int().nullish(),
  description: nullishString,
  read_only: z.boolean().nullish(),
});
export type LettaBlock = z.infer<typeof lettaBlock>;

/** `Group`: the sleep-time group an agent manages. */
const lettaGroup = z.object({ id, manager_type: z.string(), agent_ids: z.array(z.string()), manager_agent_id: nullishString });

/** `AgentState` (relationships as returned with `include=agent.tags,agent.tools,agent.blocks,agent.managed_group`). */
export const lettaAgent = z.object({
  id,
  name: z.string(),
  tags: z.array(z.string()).nullish(),
  tools: z.array(lettaTool).nullish(),
  blocks: z.array(lettaBlock).nullish(),
  memory: z.object({ blocks: z.array(lettaBlock).nullish() }).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  managed_group: lettaGroup.nullish(),
  multi_agent_group: lettaGroup.nullish(),
  created_at: nullishString,
  /** The model handle (`provider/model-name`); older servers say it only in the deprecated `llm_config.model`. */
  model: nullishString,
  llm_config: z.object({ model: nullishString }).nullish(),
});
export type LettaAgent = z.infer<typeof lettaAgent>;

/** `Passage` (archival memory insert). */
export const lettaPassage = z.object({ id, text: z.string(), tags: z.array(z.string()).nullish(), created_at: nullishString });

/** `ArchivalMemorySearchResponse` */
export const lettaPassageSearch = z.object({
  results: z.array(z.object({ id, content: z.string(), timestamp: z.string(), tags: z.array(z.string()).nullish() })),
  count: z.number().int(),
});

/** `StdioMCPServer | SSEMCPServer | StreamableHTTPMCPServer` (list / create). */
export const lettaMcpServer = z.object({ id, server_name: z.string(), mcp_server_type: z.string().nullish(), server_url: nullishString });
export type LettaMcpServer = z.infer<typeof lettaMcpServer>;

/** `Run` (messages/async). */
export const lettaRun = z.object({ id: nullishString, agent_id: z.string(), status: nullishString });

const toolCall = z.object({ tool_call_id: nullishString, name: nullishString, arguments: nullishString });
const textPart = z.object({ type: z.string().nullish(), text: z.string().nullish() });
const content = z.union([z.string(), z.array(textPart)]);
const messageBase = { id, date: nullishString, run_id: nullishString, sender_id: nullishString };

/**
 * `LettaStreamingResponse` ∪ `LettaMessageUnion`, discriminated by `message_type`. Kinds the
 * port has no event for (hidden reasoning, approvals' responses, summaries, events) are kept as
 * `other` so a new Letta message kind is skipped, not a crash.
 */
export const lettaMessage = z.discriminatedUnion('message_type', [
  z.object({ ...messageBase, message_type: z.literal('user_message'), content }),
  z.object({ ...messageBase, message_type: z.literal('system_message'), content: z.string() }),
  z.object({ ...messageBase, message_type: z.literal('reasoning_message'), reasoning: z.string() }),
  z.object({
    ...messageBase,
    message_type: z.enum(['tool_call_message', 'approval_request_message']),
    tool_call: toolCall.nullish(),
    tool_calls: z.union([z.array(toolCall), toolCall]).nullish(),
  }),
  z.object({
    ...messageBase,
    message_type: z.literal('tool_return_message'),
    tool_call_id: z.string(),
    status: z.enum(['success', 'error']),
    tool_return: z.string(),
    name: nullishString,
    tool_returns: z
      .array(
        z.object({ tool_call_id: z.string(), status: z.enum(['success', 'error']), tool_return: z.union([z.string(), z.array(textPart)]) }),
      )
      .nullish(),
  }),
  z.object({ ...messageBase, message_type: z.literal('assistant_message'), content }),
  z.object({
    message_type: z.literal('usage_statistics'),
    prompt_tokens: z.number().int().default(0),
    completion_tokens: z.number().int().default(0),
    total_tokens: z.number().int().default(0),
    step_count: z.number().int().default(0),
    run_ids: z.array(z.string()).nullish(),
  }),
  z.object({ message_type: z.literal('stop_reason'), stop_reason: z.string() }),
  z.object({
    message_type: z.literal('error_message'),
    run_id: z.string(),
    error_type: z.string(),
    message: z.string(),
    detail: nullishString,
  }),
  z.object({ message_type: z.literal('ping'), run_id: nullishString }),
  z.object({
    message_type: z.enum(['hidden_reasoning_message', 'approval_response_message', 'summary_message', 'event_message']),
    id: nullishString,
    run_id: nullishString,
  }),
]);
export type LettaMessage = z.infer<typeof lettaMessage>;

/** `LettaResponse` (POST /v1/agents/{id}/messages, not streaming). */
export const lettaResponse = z.object({
  messages: z.array(z.unknown()),
  stop_reason: z.object({ stop_reason: z.string() }),
  usage: z.unknown(),
});

/**
 * Parses `value` with `schema`. A mismatch is a LettaPlatformError for `request` (status null: the
 * call succeeded but its response is not what the Letta API document promises).
 */
export function parseLetta<S extends z.ZodType>(schema: S, value: unknown, what: string, request: LettaRequest): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new LettaPlatformError(null, `unexpected ${what} in the response: ${problems}`, request, value);
  }
  return parsed.data;
}

/** Runs one Letta call and parses its response: every failure is a LettaPlatformError naming `request`. */
export async function readLetta<S extends z.ZodType>(
  request: LettaRequest,
  run: () => PromiseLike<unknown>,
  schema: S,
  what: string,
): Promise<z.infer<S>> {
  return parseLetta(schema, await callLetta(request, run), what, request);
}
