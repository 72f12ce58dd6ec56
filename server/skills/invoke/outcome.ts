import { isObject } from '../../engine/json.ts';
import type { SkillCallResult } from './types.ts';

/** Failure naming of MCP tool results (types.ts lists every name). */
type McpToolResult = { isError?: boolean; structuredContent?: unknown; content?: unknown };

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content.flatMap((c) => (isObject(c) && c.type === 'text' && typeof c.text === 'string' ? [c.text] : [])).join('\n');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A returned value: a data-plane envelope with `ok: false` is a failure named by its
 * `data.error.type` (else States.TaskFailed), caused by its `summary`; anything else is the result.
 */
export function outcomeFromValue(value: unknown): SkillCallResult {
  if (isObject(value) && value.ok === false) {
    const err = isObject(value.data) && isObject(value.data.error) ? value.data.error : {};
    const error = typeof err.type === 'string' && err.type ? err.type : 'States.TaskFailed';
    const cause =
      typeof value.summary === 'string' ? value.summary : typeof err.message === 'string' ? err.message : 'the skill returned ok: false';
    return { ok: false, error, cause };
  }
  return { ok: true, result: value };
}

/** An MCP CallToolResult: `isError` names the failure from structuredContent; else the value is structuredContent (or the text, as JSON when it parses). */
export function outcomeFromMcpResult(result: McpToolResult): SkillCallResult {
  const sc = isObject(result.structuredContent) ? result.structuredContent : undefined;
  const text = textOf(result.content);
  if (result.isError) {
    const error = typeof sc?.error === 'string' && sc.error ? sc.error : 'States.TaskFailed';
    const cause = typeof sc?.cause === 'string' ? sc.cause : text || 'the tool reported an error without a message';
    return { ok: false, error, cause };
  }
  return outcomeFromValue(sc ?? parseJson(text));
}
