import { resolveDateRange, type DateRange } from '../../../../lib/relative-dates.ts';
import { outcomesIn, topicsIn, type OutcomeChange } from '../../../../lib/nl/index.ts';
import { findRecurrence, type Recurrence } from '../../../../lib/nl/recurrence.ts';
import { readWorkAsk } from '../../../../lib/nl/request-reader.ts';
import { BEST, CALL_WORDS, FAILING, hasWord, RANKING, WORST, wordsOf } from './words.ts';
import { CALL_ID, callIdsIn } from './call-id.ts';
import { readQuestion, type QuestionAsk, type QuestionKind } from './request-questions.ts';
import { readCalibrationAsk, type CalibrationAsk } from './calibration-ask.ts';

/**
 * What the Planner is asked to do, read from the user's words without a language model. The
 * kinds are the Planner's capabilities (issue 15, "What it can do"); the people, teams and
 * products a request names are NOT resolved here: they are read later from `texts` against the
 * CRM's own lists (list_advisors, list_products), so the Planner never carries a copy of them.
 *
 * Classification is by word families on the message's lower-cased word list (words.ts), in this
 * order, the first that applies wins:
 *   explain_call        "why" / "explain" / "what went wrong" + a call (an id-like token, call-id.ts, or "that call")
 *   calibration         "calibration", or reviewers agreeing or not (calibration-ask.ts): a session's agreement
 *   rank                a superlative or ranking word ("lowest", "worst", "top", "rank", "compare",
 *                       "which advisor", "who has") + advisors, rules or teams
 *   vulnerability_scan  a vulnerability topic + calls/customers, or "show/list/find … calls where …"
 *   rule_topic          a rule topic (disclosures, affordability) + calls or advisors
 *   product_check       explaining/describing something in calls, or "correctly"/"clearly"/…
 *   qa_review           the everyday words of QA work (lib/nl/request-reader.ts): a work word ("QA",
 *                       "audit", "re-check", "look at", "compliance picture" …) with calls or a name,
 *                       "how is <someone> doing"; or, `implied`, only calls with a period or a name
 *                       ("Pryia Sha's calls in June") — an open question or a follow-up reads those first
 * Anything else is not a request (a reply, a greeting, a question the Planner cannot answer).
 */
export type RequestKind =
  'qa_review' | 'product_check' | 'vulnerability_scan' | 'rule_topic' | 'rank' | 'explain_call' | 'calibration' | QuestionKind;

/** The kind as the Planner's reasoning names it ("Intent classification → …"). */
export const KIND_LABEL: Record<RequestKind, string> = {
  qa_review: 'advisor QA review',
  product_check: 'product-explanation check',
  vulnerability_scan: 'vulnerability scan',
  rule_topic: 'calls failing the rules of a topic',
  rank: 'ranking from the stored QA results',
  explain_call: "explain a call's score",
  calibration: "a calibration session's agreement",
  // Questions answered from the stored results (request-questions.ts).
  compare: 'comparison from the stored QA results',
  topic_rank: "ranking on a topic's rules from the stored QA results",
  calls_ranked: 'worst or best calls from the stored QA results',
  failed_those: 'the failed rules of the calls of the previous answer, from the stored QA results',
};

export interface RankAsk {
  subject: 'advisors' | 'rules' | 'teams';
  /** "lowest score" / "fails most" → worst first; "highest", "best" → best first. */
  order: 'worst' | 'best';
}

export interface PlannerRequest {
  kind: RequestKind;
  range: DateRange | null;
  /**
   * The user's words for this request, oldest first: the request, then the replies that
   * corrected or completed it (a name, a period, a product, a "Did you mean" accepted). People,
   * teams and products are read from the newest text that names any.
   */
  texts: string[];
  /** Outcomes asked for beyond or instead of the kind's defaults ("also check sentiment", "skip the scoring"). */
  outcomes: OutcomeChange;
  rank: RankAsk | null;
  /** The call to explain (a recording id), or null for "that call" (the one the conversation was about). */
  call: string | null;
  /** The rule topic asked about ("missed disclosures", "affordability checks"), for `rule_topic`. */
  topic?: 'disclosures' | 'affordability';
  /** Asked to happen on a schedule ("every Monday at 9am, review …"): schedule-flow.ts. */
  schedule?: ScheduleAsk;
  /** Arrived from a background job the user scheduled: run without asking, then notify them. */
  scheduled?: ScheduledRun;
  /**
   * Said without a work word ("Priya Shah's calls in June"): a request when nothing else claims the
   * message, but an answer to an open question or a follow-up first (conversation.ts).
   */
  implied?: boolean;
  /** calibration: what is asked of which session (calibration-ask.ts; the session is resolved in calibration-flow.ts). */
  calibration?: CalibrationAsk;
  /** compare / topic_rank / calls_ranked: what the question asks (request-questions.ts). */
  question?: QuestionAsk;
  /**
   * Only names someone or something ("Fatima Khan", "June", "HELOC 2.0"): mention-flow.ts reads it
   * against the CRM's lists and asks what to do; nothing runs until the user says.
   */
  mention?: true;
}

export interface ScheduleAsk {
  /** How often, or null when what was said cannot be a schedule (`problem` says why). */
  recurrence: Recurrence | null;
  problem: string | null;
  /** The request without the schedule's words: what each run asks (its period is read again each time). */
  words: string;
}

export interface ScheduledRun {
  job_name: string;
  internal_job_id: string;
  fired_at: string;
  /** Channels the results go to (send_notification's), as scheduled. */
  notify: string[];
}

const CALLS = CALL_WORDS;
const QUALITY = [
  'quality',
  'qa',
  'review',
  'reviews',
  'assess',
  'analyse',
  'analyze',
  'analysis',
  'evaluate',
  'evaluation',
  'score',
  'scores',
  'scoring',
  'check',
  'audit',
  'performance',
  'monitor',
  'compliance',
  'compliant',
  'scorecard',
];
const EXPLAIN_PRODUCT = [
  'explain',
  'explaining',
  'explains',
  'explained',
  'explanation',
  'describe',
  'describing',
  'describes',
  'present',
  'presenting',
  'pitch',
  'pitching',
];
const WHY = ['why', 'explain', 'reason', 'reasons'];
const SUPERLATIVE_WORST = [...WORST, ...FAILING];
const SUPERLATIVE_BEST = BEST;
const PEOPLE_WORDS = ['advisor', 'advisors', 'adviser', 'advisers', 'who', 'whom', 'agent', 'agents', 'colleague', 'staff'];
const RULE_WORDS = ['rule', 'rules', 'check', 'checks', 'disclosure', 'disclosures', 'requirement', 'requirements'];
const TEAM_WORDS = ['team', 'teams'];

function rankOf(words: string[], text: string): RankAsk | null {
  const worst = SUPERLATIVE_WORST.some((w) => words.includes(w));
  const best = SUPERLATIVE_BEST.some((w) => words.includes(w));
  const ranking = RANKING.some((w) => words.includes(w)) || /\bwhich\s+(?:advis[oe]r|rule|team)s?\b/i.test(text);
  if (!worst && !best && !ranking) return null;
  const rules = RULE_WORDS.some((w) => words.includes(w)) && !/\bwho\b/i.test(text);
  const teams = TEAM_WORDS.some((w) => words.includes(w)) && /\bwhich\s+teams?\b|\bteams\b/i.test(text);
  const people = PEOPLE_WORDS.some((w) => words.includes(w));
  // "Compare Alex Wong and Priya Shah": comparing with no other subject named compares advisors.
  const compares = hasWord(words, 'compare', 'comparison', 'versus', 'vs');
  const subject = rules ? 'rules' : teams ? 'teams' : people || compares ? 'advisors' : null;
  if (!subject) return null;
  // "most" alone is ambiguous ("who has the most calls"): rank by failures only with a failing word near it.
  const order = best && !worst ? 'best' : 'worst';
  return { subject, order };
}

/**
 * A new request in the user's message, or null when it is not one (a reply, a greeting, …). A
 * request said with how often to do it ("every Monday at 9am", lib/nl/recurrence.ts) carries a
 * `schedule`; the rest of the message must be a request of its own.
 */
export function parseRequest(text: string, today: Date): PlannerRequest | null {
  const found = findRecurrence(text);
  if (!found) return parseOnce(text, today);
  const request = found.rest ? parseOnce(found.rest, today) : null;
  if (!request) return null;
  return { ...request, schedule: { recurrence: found.recurrence, problem: found.problem, words: found.rest } };
}

/** A request without schedule words: also how a scheduled run reads its words again (never schedules again). */
export function parseOnce(text: string, today: Date): PlannerRequest | null {
  const words = wordsOf(text);
  const range = resolveDateRange(text, today);
  const base = { range, texts: [text], outcomes: outcomesIn(text), rank: null, call: null };
  const mentionsCall = CALLS.some((w) => words.includes(w)) || CALL_ID.test(text);
  const callId = callIdsIn(text)[0] ?? null;

  const asksWhy = WHY.some((w) => words.includes(w)) || /\bwhat went wrong\b|\bhow come\b/i.test(text);
  if (asksWhy && (callId || /\b(?:that|this|the same|the last|the pilot)\s+call\b/i.test(text))) {
    return { ...base, kind: 'explain_call', call: callId };
  }
  // A calibration session's agreement ("which calls did reviewers disagree on most?"): before the rankings' words.
  const calibration = readCalibrationAsk(text);
  if (calibration) {
    const { implied, ...ask } = calibration;
    return { ...base, kind: 'calibration', calibration: ask, ...(implied ? { implied } : {}) };
  }
  // Compare, rank on a topic, the N worst or best calls: request-questions.ts.
  const question = readQuestion(text, today);
  if (question) return { ...base, kind: question.kind, question };
  const rank = rankOf(words, text);
  if (rank) return { ...base, kind: 'rank', rank };
  if (topicsIn(text).includes('vulnerability') && (mentionsCall || hasWord(words, 'customer', 'customers'))) {
    return { ...base, kind: 'vulnerability_scan' };
  }
  const topic = topicsIn(text).find((t): t is 'disclosures' | 'affordability' => t === 'disclosures' || t === 'affordability');
  if (topic && (mentionsCall || hasWord(words, 'advisor', 'advisors', 'who'))) return { ...base, kind: 'rule_topic', topic };
  const explains = EXPLAIN_PRODUCT.some((w) => words.includes(w));
  // How well something is explained ("correctly", "clearly"), or explained in calls: not a reply that mentions the product.
  if (explains && (mentionsCall || hasWord(words, 'correctly', 'properly', 'accurately', 'clearly', 'well', 'compliant', 'compliantly'))) {
    return { ...base, kind: 'product_check' };
  }
  const quality = QUALITY.some((w) => words.includes(w));
  if (mentionsCall && quality) return { ...base, kind: 'qa_review' };
  const work = readWorkAsk(text, today);
  if (!work) return null;
  return work.strength === 'asked' ? { ...base, kind: 'qa_review' } : { ...base, kind: 'qa_review', implied: true };
}

/** A message that asks for nothing but names someone or something, as a request to ask about (mention-flow.ts). */
export function mentionRequest(text: string, today: Date): PlannerRequest {
  return {
    kind: 'qa_review',
    range: resolveDateRange(text, today),
    texts: [text],
    outcomes: outcomesIn(text),
    rank: null,
    call: null,
    mention: true,
  };
}

/** A request said in answer to the question about a mention: it keeps the mention's words and, unless it says another, its period. */
export function withMention(request: PlannerRequest, mention: PlannerRequest): PlannerRequest {
  return { ...request, texts: [...mention.texts, ...request.texts], range: request.range ?? mention.range };
}
