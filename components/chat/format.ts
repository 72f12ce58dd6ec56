/** Plain-language texts of the chat page (pure, tested). */

export type ChatMode = 'planner' | 'conductor';

/** The two kinds of conversation and what each is for (spec: workflow mode, delegated mode). */
export const MODES: Record<ChatMode, { label: string; mode: string; purpose: string }> = {
  planner: {
    label: 'Planner',
    mode: 'workflow mode',
    purpose: 'Finds or composes a workflow from the skill catalog, validates it, and runs it once you agree.',
  },
  conductor: {
    label: 'Conductor',
    mode: 'delegated mode',
    purpose: 'Hands the tasks of your request to a pool of Companion agents and brings their results together.',
  },
};

export const modeOf = (mode: string): ChatMode => (mode === 'conductor' ? 'conductor' : 'planner');

/** `chat.runtime` in one line: which platform and which brain answer. */
export function runtimeText(r: { kind: string; brain?: string; model?: string; base_url?: string }): string {
  if (r.kind === 'letta') return `Letta at ${r.base_url ?? 'an unnamed server'}`;
  if (r.kind !== 'local') return `${r.kind} runtime`;
  if (r.brain === 'deterministic' || !r.brain) return 'Local runtime · deterministic offline brain (no LLM configured)';
  if (r.brain === 'openai')
    return `Local runtime · OpenAI-compatible model ${r.model ?? '(unnamed)'}${r.base_url ? ` at ${r.base_url}` : ''}`;
  return `Local runtime · ${r.brain} brain${r.model ? ` (${r.model})` : ''}`;
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", else the date. */
export function relativeTime(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.round((now - t) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d === 1) return 'yesterday';
  if (d < 7) return `${d} days ago`;
  return new Date(t).toISOString().slice(0, 10);
}

/** 850 ms, 4.2 s, 3 min 05 s. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a stop reason other than a normal end means for the user; null for `end_turn`. */
export function stopReasonText(reason: string | null): string | null {
  switch (reason) {
    case null:
    case 'end_turn':
      return null;
    case 'max_steps':
      return 'The agent reached the step limit for one turn; its answer above says what is done and what is left. Send “continue” to let it go on.';
    case 'invalid_tool_call':
      return 'The agent stopped after repeated malformed tool calls (see its message above).';
    case 'cancelled':
      return 'The turn was cancelled.';
    case 'requires_approval':
      return 'The agent is waiting for an approval this console cannot give yet.';
    case 'error':
      return 'The agent stopped because of an error (see above).';
    default:
      return `The agent stopped (${reason}).`;
  }
}

/** "the Planner" → "The Planner". */
export const capitalize = (s: string) => (s ? `${s[0]!.toUpperCase()}${s.slice(1)}` : s);
