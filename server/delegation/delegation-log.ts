/**
 * The `delegation_log` block: one line per delegation, progress report, result and piece of
 * advice, newest last, for the Strategist (and the Conductor) to read at a glance. Append-only:
 * nothing rewrites a line. When the block is full the oldest lines leave it (their count is the
 * first line); the session's activity (`delegation_events`, read_session_activity, the archive)
 * keeps every entry.
 */
export const DELEGATION_LOG_LIMIT = 12_000;

export const DELEGATION_LOG_DESCRIPTION =
  'Delegation history of this session, one line per event, newest last: "<time> delegated <task> → <companion> [skills] <description>", ' +
  '"<time> result <task> succeeded|failed in <s>s by <companion> [skills used] <summary or error>", progress and advice lines. ' +
  'Append-only, written by the delegated-mode tools; agents cannot edit it. Older lines move to the session activity (read_session_activity).';

const OMITTED = /^\((\d+) earlier entries: read_session_activity\)$/;

/** One log line: ISO time (seconds), the event, and text clipped to keep lines readable. */
export function logLine(at: Date, text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return `${at.toISOString().slice(0, 19)}Z ${clean.length > 300 ? `${clean.slice(0, 297)}…` : clean}`;
}

/** The block with `line` appended, the oldest lines dropped (and counted) until it fits `limit`. */
export function appendLogLine(value: string, line: string, limit = DELEGATION_LOG_LIMIT): string {
  const lines = value ? value.split('\n') : [];
  let omitted = 0;
  const head = lines[0]?.match(OMITTED);
  if (head) {
    omitted = Number(head[1]);
    lines.shift();
  }
  lines.push(line);
  const render = () => [...(omitted ? [`(${omitted} earlier entries: read_session_activity)`] : []), ...lines].join('\n');
  while (render().length > limit && lines.length > 1) {
    lines.shift();
    omitted += 1;
  }
  return render();
}
