import { chatRequestProblems, type ChatRequest, type RecordedRequest } from '../../../local/testing/fake-chat-endpoint.ts';

/**
 * TEST SUPPORT: the wire check of a final-answer request at the step limit. The fake endpoint's
 * check (fake-chat-endpoint.ts) knows `tool_choice: "auto"` only, so a conclusion is checked as
 * the same request with "auto", and must carry `tool_choice: "none"` beside its tools.
 */
export function conclusionProblems(req: RecordedRequest | { body: ChatRequest }): string[] {
  const body = req.body as Omit<ChatRequest, 'tool_choice'> & { tool_choice?: string };
  const problems = chatRequestProblems({ ...body, tool_choice: body.tools ? 'auto' : undefined });
  if (body.tools && body.tool_choice !== 'none') {
    problems.push(`tool_choice is ${String(body.tool_choice)}, not "none"`);
  }
  if (!body.tools && body.tool_choice !== undefined) problems.push('tool_choice without tools');
  return problems;
}
