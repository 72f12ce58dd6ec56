import { clockToday, resolveDateRange, type DateRange } from '../../../../lib/relative-dates.ts';
import type { MemoryBlock } from '../../platform/agent-platform.ts';

/**
 * What the Planner reads in a user's words: the request (spec §2.1 turn 1: an advisor QA review;
 * §3.1 turn 1: a product-explanation compliance check) and the replies to its questions. Keyword
 * and pattern matching, deliberately tolerant of paraphrase: a request is recognised by what it
 * asks for (calls + quality/compliance words + an advisor or a product), not by exact sentences.
 */
export type PlannerRequest =
  | { kind: 'qa_review'; advisor: string | null; range: DateRange | null }
  | { kind: 'product_check'; product: string | null; range: DateRange | null };

/** "today" for relative dates: the `clock` core-memory block (set by the chat host from DCF_CLOCK), else the real clock. */
export function todayFrom(blocks: MemoryBlock[], real: Date = new Date()): Date {
  const clock = blocks.find((b) => b.label === 'clock')?.value ?? '';
  const iso = clock.match(/\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/)?.[0];
  const d = iso ? clockToday(iso, real) : real;
  return Number.isNaN(d.getTime()) ? real : d;
}

const NOT_A_NAME = new Set([
  'Hi', 'Hello', 'Hey', 'Please', 'Can', 'Could', 'Thanks', 'Thank', 'Yes', 'No', 'The', 'This', 'That', 'I', 'We', 'QA', 'HELOC', 'Selina', 'Finance',
  'Review', 'Check', 'Compare', 'Analyse', 'Analyze', 'Assess', 'Score', 'Audit', 'Evaluate', 'Tell', 'Show', 'Find', 'Look', 'Summarise', 'Summarize',
  'Which', 'Who', 'What', 'How', 'Did', 'Does', 'Do', 'Is', 'Are', 'And', 'Or', 'Consumer', 'Duty', 'FCA',
  'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
]);
const NAME = String.raw`[A-Z][a-z]+(?:['’-][A-Z]?[a-z]+)?`;
const FULL_NAME = String.raw`(${NAME}(?:\s+${NAME}){1,2})`;

const clean = (name: string) => name.trim().replace(/['’]s$/, '');
const plausible = (name: string) => !name.split(/\s+/).some((w) => NOT_A_NAME.has(w));

/** An advisor's full name: "calls made by Alex Wong", "Alex Wong's calls", "advisor Alex Wong"; with `bare`, a reply that is just a name. */
export function advisorIn(text: string, bare = false): string | null {
  const patterns = [
    new RegExp(String.raw`\b(?:by|for|of|from|advisor|adviser)\s+${FULL_NAME}`, 'g'),
    new RegExp(String.raw`${FULL_NAME}['’]s\s+(?:advice\s+)?calls?\b`, 'g'),
  ];
  if (bare) patterns.push(new RegExp(String.raw`^\s*(?:it'?s\s+|(?:the\s+)?advisor\s+is\s+)?${FULL_NAME}\s*[.!]?\s*$`, 'g'));
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const name = clean(m[1]!);
      if (plausible(name)) return name;
    }
  }
  return null;
}

/**
 * Every advisor's full name a request names, in order, once each: "the calls of Alex Wong and
 * Priya Shah", "Tom Ellis's and Fatima Khan's calls". A run of capitalised words that starts with
 * a request word ("Compare Tom Ellis") keeps only the name.
 */
export function advisorsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(FULL_NAME, 'g'))) {
    const words = clean(m[1]!).split(/\s+/);
    for (let from = 0; from <= words.length - 2; from++) {
      const name = words.slice(from).join(' ');
      if (plausible(name)) {
        if (!out.includes(name)) out.push(name);
        break;
      }
    }
  }
  return out;
}

const PRODUCT_TOKEN = String.raw`(?:[A-Z][A-Za-z0-9]*|\d+(?:\.\d+)*)`;
const PRODUCT = String.raw`(${PRODUCT_TOKEN}(?:[ -]${PRODUCT_TOKEN})*)`;

/** A product name: "the new HELOC 2.0 product", "explaining Homeowner Loan correctly"; with `bare`, a reply that is just the name. */
export function productIn(text: string, bare = false): string | null {
  const patterns = [
    new RegExp(String.raw`\b(?:the\s+)?(?:new\s+)?${PRODUCT}\s+(?:product|loan product)\b`),
    new RegExp(String.raw`\b(?:explain|explaining|explains|explained|explanation of|describe|describing|describes|present|presenting|pitch|pitching)\s+(?:the\s+)?(?:new\s+)?${PRODUCT}`),
    new RegExp(String.raw`\bproduct\s+(?:called\s+|named\s+)?${PRODUCT}`),
  ];
  if (bare) patterns.push(new RegExp(String.raw`^\s*(?:it'?s\s+|the\s+)?(?:new\s+)?${PRODUCT}\s*[.!]?\s*$`));
  for (const re of patterns) {
    const m = text.match(re);
    const name = m?.[1]?.trim().replace(/^(?:Check|Verify|Review|Test|Is|Are|Do|Does|See|Whether)\s+/, '');
    if (name && !NOT_A_NAME.has(name) && !/^(?:I|A|The)$/.test(name)) return name;
  }
  return null;
}

const CALLS = /\b(?:calls?|conversations?|recordings?)\b/i;
const QUALITY = /\b(?:quality|qa|review|reviews|assess|analy[sz]e|analysis|evaluate|evaluation|score|scores|scoring|check|audit|performance|monitor)\b/i;
const EXPLAIN = /\b(?:explain\w*|explanation|describ\w*|present\w*|pitch\w*|product)\b/i;

/** A new request in the user's message, or null when it is not one (a reply, a greeting, …). */
export function parseRequest(text: string, today: Date): PlannerRequest | null {
  if (!CALLS.test(text) && !EXPLAIN.test(text)) return null;
  const range = resolveDateRange(text, today);
  const product = productIn(text);
  const aboutAdvisors = CALLS.test(text) || /\badvis[oe]rs?\b/i.test(text);
  if (EXPLAIN.test(text) && ((product && aboutAdvisors) || (/\bproduct\b/i.test(text) && CALLS.test(text)))) {
    return { kind: 'product_check', product, range };
  }
  if (CALLS.test(text) && QUALITY.test(text)) return { kind: 'qa_review', advisor: advisorIn(text), range };
  return null;
}

/** How a message answers the Planner's last question. */
export interface Reply {
  yes: boolean;
  no: boolean;
  /** A "no" that also says to stop altogether (cancel, don't run anything). */
  stop: boolean;
  retry: boolean;
  /** Asks how a run is going / for its results. */
  status: boolean;
}

const YES = /^\s*(?:yes|yeah|yep|yup|sure|ok|okay|please|go ahead|sounds good|correct|that'?s right|right|perfect|great|do it|proceed|let'?s|absolutely|of course|fine|confirmed?|affirmative|agreed?|good)\b/i;
const YES_ANYWHERE = /\b(?:go ahead|please (?:do|proceed|go ahead|run it|use it)|sounds good|that works|do it|yes)\b/i;
const NO = /^\s*(?:no|nope|nah|don'?t|do not|not now|not yet|cancel|stop|never ?mind|wait|hold on|abort)\b/i;
const NO_ANYWHERE = /\b(?:don'?t (?:run|do|use|change|start)|do not (?:run|do|use|change|start)|not now|cancel)\b/i;
const STOP = /\b(?:stop|cancel|abort|never ?mind|forget it|don'?t run|do not run|nothing)\b/i;

export function readReply(text: string): Reply {
  const startsYes = YES.test(text);
  const startsNo = NO.test(text);
  const no = startsNo || (!startsYes && NO_ANYWHERE.test(text));
  const yes = !no && (startsYes || YES_ANYWHERE.test(text));
  return {
    yes,
    no,
    stop: no && STOP.test(text),
    retry: /\b(?:retry|try (?:it )?again|again)\b/i.test(text),
    status: /\b(?:status|progress|done yet|finished|still running|how is (?:it|the run) going|any results?)\b/i.test(text),
  };
}

/** A date range, advisor or product named in a reply, overriding the request's. */
export function overridesIn(text: string, request: PlannerRequest, today: Date): Partial<{ range: DateRange; advisor: string; product: string }> {
  const out: Partial<{ range: DateRange; advisor: string; product: string }> = {};
  const range = resolveDateRange(text, today);
  if (range) out.range = range;
  if (request.kind === 'qa_review') {
    const advisor = advisorIn(text, !request.advisor);
    if (advisor && advisor !== request.advisor) out.advisor = advisor;
  } else {
    const product = productIn(text, !request.product);
    if (product && product !== request.product) out.product = product;
  }
  return out;
}

/** The range as the Planner repeats it: "last week (2024-07-01 to 2024-07-07)". */
export function describeRange(r: DateRange): string {
  return r.phrase.includes(r.start_date) ? `from ${r.start_date} to ${r.end_date}` : `${r.phrase} (${r.start_date} to ${r.end_date})`;
}
