import { z } from 'zod';

/**
 * The OpenAI chat-completions wire format, as far as the `openai` brain uses it
 * (POST {base}/chat/completions with function tools). Requests are built with these types;
 * responses are parsed with the zod schema, leniently where compatible servers differ
 * (arguments sent as an object, a missing call id, `reasoning_content` or `reasoning`).
 */
export type ChatRequestMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatRequestMessage[];
  tools?: ChatFunctionTool[];
  /** `auto` for a step; `none` for the final answer at the step limit (tools declared, none may be called). */
  tool_choice?: 'auto' | 'none';
  temperature?: number;
}

export const chatCompletionResponse = z.object({
  id: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          reasoning_content: z.string().nullable().optional(),
          reasoning: z.string().nullable().optional(),
          tool_calls: z
            .array(
              z.object({
                id: z.string().optional(),
                type: z.string().optional(),
                function: z.object({
                  name: z.string().min(1),
                  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
                }),
              }),
            )
            .nullable()
            .optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).partial().nullable().optional(),
});
export type ChatCompletionResponse = z.infer<typeof chatCompletionResponse>;
