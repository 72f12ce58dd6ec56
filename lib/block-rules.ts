/**
 * What an admin's new value for a memory block must satisfy, checked before anything is written
 * (and again by the platform and the block writer, which refuse a value over the limit too).
 * Pure, so the browser shows the same problem while the admin types.
 */
export interface BlockValueProblem {
  code: 'over_limit' | 'not_json';
  message: string;
}

const count = (n: number) => n.toLocaleString('en-GB');

/** Whether a value is a JSON document (an object or an array), as the session blocks of delegated mode are. */
export function isJsonDocument(value: string): boolean {
  const t = value.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

function jsonFault(text: string): string {
  try {
    JSON.parse(text);
    return 'is JSON but not an object or array';
  } catch (err) {
    return `is not valid JSON (${err instanceof Error ? err.message : String(err)})`;
  }
}

/**
 * The problems of `next` as the new value of `block`: over its character limit, or — for a
 * block that holds a JSON document, which tools parse (session_context, strategist_guidelines) —
 * no longer a JSON object or array (a tool reading it would start the document over and lose its content).
 */
export function blockValueProblems(block: { label: string; limit: number; value: string }, next: string): BlockValueProblem[] {
  const problems: BlockValueProblem[] = [];
  if (next.length > block.limit) {
    problems.push({
      code: 'over_limit',
      message:
        `${block.label} would be ${count(next.length)} characters, over its limit of ${count(block.limit)}: ` +
        `remove at least ${count(next.length - block.limit)}.`,
    });
  }
  if (isJsonDocument(block.value) && !isJsonDocument(next)) {
    problems.push({ code: 'not_json', message: `${block.label} holds a JSON document that tools read; the new value ${jsonFault(next)}.` });
  }
  return problems;
}
