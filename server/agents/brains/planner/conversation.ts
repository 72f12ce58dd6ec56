import type { BrainMessage, BrainToolCall } from '../brain.ts';
import { parseObject } from '../brain.ts';
import { overridesIn, parseRequest, type PlannerRequest } from './intent.ts';

/**
 * The Planner's conversation read back from its history. The brain keeps no state of its own:
 * what was asked, what the user answered and what the tools returned are all in the history, so
 * a restarted agent continues exactly where it was.
 *
 * An *episode* starts with a user request (parseRequest) and runs until the next one. Within it,
 * the Planner's final messages (assistant text without tool calls) are its questions; each is
 * recognised by a phrase it always contains (QUESTION_MARKERS), and the user's next message is
 * the answer to the latest one.
 */
export type QuestionKind = 'confirm_axes' | 'ask_details' | 'propose_reuse' | 'propose_adapt' | 'propose_compose' | 'healing' | 'scale' | 'error';

/** The phrase each question of the Planner contains (matched case-insensitively). */
export const QUESTION_MARKERS: Record<QuestionKind, string> = {
  healing: 'Shall I proceed with this improved version?',
  scale: 'Shall I scale it to the whole set?',
  error: 'Reply “retry” to try again.',
  propose_reuse: 'Shall I run it',
  propose_adapt: 'Shall I adapt it',
  propose_compose: 'Shall I compose',
  confirm_axes: 'should I check compliance with the standard script',
  ask_details: 'Could you tell me',
};

export function questionKindOf(text: string): QuestionKind | null {
  const t = text.toLowerCase();
  for (const [kind, marker] of Object.entries(QUESTION_MARKERS) as Array<[QuestionKind, string]>) if (t.includes(marker.toLowerCase())) return kind;
  return null;
}

export interface ToolOutcome {
  /** Position of the tool return in the history. */
  index: number;
  name: string;
  args: Record<string, unknown>;
  result: Record<string, unknown> | null;
  /** The tool ran and answered `status: "ok"`. */
  ok: boolean;
  /** Why it failed, when it did. */
  error: string;
  /** The runtime cut the return short (it is over the tool-return limit), so it could not be read. */
  truncated: boolean;
}

export interface Episode {
  /** History index of the request message. */
  start: number;
  /** The request with what later replies changed (date range, advisor, product). */
  request: PlannerRequest;
  /** The Planner's final messages in the episode before the current message, oldest first. */
  finals: Array<{ index: number; text: string; kind: QuestionKind | null }>;
}

/** Every tool return from `from` on, with its call's arguments. */
export function toolOutcomes(history: BrainMessage[], from = 0): ToolOutcome[] {
  const calls = new Map<string, BrainToolCall>();
  const out: ToolOutcome[] = [];
  history.forEach((m, index) => {
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) calls.set(c.id, c);
    if (m.role !== 'tool' || index < from) return;
    const call = calls.get(m.tool_call_id);
    const result = parseObject(m.content);
    const ok = m.status === 'success' && result?.status === 'ok';
    const error = ok ? '' : typeof result?.error === 'string' ? result.error : m.content.slice(0, 300) || 'the tool failed';
    const truncated = m.status === 'success' && result === null && /\[truncated\b/.test(m.content.slice(-200));
    out.push({ index, name: m.name, args: parseObject(call?.arguments ?? '{}') ?? {}, result, ok, error: truncated ? 'the answer was too long and was cut short' : error, truncated });
  });
  return out;
}

const isFinal = (m: BrainMessage): m is Extract<BrainMessage, { role: 'assistant' }> & { content: string } =>
  m.role === 'assistant' && !m.tool_calls?.length && typeof m.content === 'string' && m.content.trim() !== '';

/** The kind of the Planner's last final message before `before` (null: not a question). */
export function openQuestion(finals: Episode['finals'], before: number): QuestionKind | null {
  const prior = finals.filter((f) => f.index < before);
  const last = prior.at(-1);
  return last?.kind ?? null;
}

/** A message that opens with an explicit yes or no answers the open question even if it reads like a request. */
const EXPLICIT_ANSWER = /^\s*(?:yes|yeah|yep|yup|sure|ok|okay|correct|right|absolutely|of course|go ahead|no|nope|nah|don'?t|do not|not now)\b/i;

/**
 * The episode the current message belongs to: the latest request, unless a message that looks
 * like a request answers an open question with yes/no ("Yes, only the parts where the advisor
 * describes the product matter" is a reply, not a new request).
 */
export function currentEpisode(history: BrainMessage[], today: Date): Episode | null {
  let episode: Episode | null = null;
  history.forEach((m, index) => {
    if (isFinal(m) && episode) {
      episode.finals.push({ index, text: m.content, kind: questionKindOf(m.content) });
      return;
    }
    if (m.role !== 'user') return;
    const request = parseRequest(m.content, today);
    const open = episode ? openQuestion(episode.finals, index) : null;
    if (request && !(open && EXPLICIT_ANSWER.test(m.content))) {
      episode = { start: index, request, finals: [] };
      return;
    }
    if (episode) episode.request = { ...episode.request, ...overridesIn(m.content, episode.request, today) } as PlannerRequest;
  });
  return episode;
}
