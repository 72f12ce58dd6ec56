/**
 * The soak test's scripted load: what reviewers, designers and admins do, each as a loop through
 * the proxy until the deadline, each writing down what it asked for and what the console
 * acknowledged, so the checks afterwards (checks.ts) can tell a lost or doubled effect from a
 * request that never arrived. Retries are a careful client's: a run is started again with the same
 * run_id (start_workflow_run is idempotent on it); a comment or chat message whose answer was lost
 * is not sent again under the same identity — it is recorded as "unacknowledged" (at most once).
 */
import { randomUUID } from 'node:crypto';
import { ALL_CALLS_WORKFLOW_ID } from '../../cli/demo-history/backfill.ts';
import { ApiError, ConsoleClient, NetworkError } from './client.ts';

type Envelope = { status: 'ok' | 'error'; error_code?: string; error?: string } & Record<string, unknown>;

export interface LoadRecord {
  runs: { acknowledged: string[]; unacknowledged: string[]; refused: string[]; calls: Map<string, number> };
  comments: { acknowledged: string[]; unacknowledged: string[] };
  /** Every chat message sent: answered (the stream said done), error (it said error), cut (it broke off). */
  chat: { conversationId: string; content: string; outcome: 'answered' | 'error' | 'cut'; detail?: string }[];
  pages: { ok: number; failed: string[] };
  /** Requests that reached no console (the proxy found none alive, or the connection broke). */
  networkErrors: number;
}

export const emptyRecord = (): LoadRecord => ({
  runs: { acknowledged: [], unacknowledged: [], refused: [], calls: new Map() },
  comments: { acknowledged: [], unacknowledged: [] },
  chat: [],
  pages: { ok: 0, failed: [] },
  networkErrors: 0,
});

export interface LoadContext {
  until: number;
  record: LoadRecord;
  /** The advisor-weeks runs cover, each with the calls the CRM lists for it. */
  periods: { advisor_name: string; start_date: string; end_date: string; calls: number }[];
  /** The chat script: each entry a conversation's user turns and its agent. */
  conversations: { mode: 'planner' | 'conductor'; turns: string[] }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Starts runs of the saved "all calls" workflow, one advisor-week each, retrying lost answers with the same run_id. */
export async function runsLoop(c: ConsoleClient, x: LoadContext, pauseMs: number): Promise<void> {
  while (Date.now() < x.until) {
    const { calls, ...input } = pick(x.periods);
    const runId = randomUUID();
    x.record.runs.calls.set(runId, calls);
    let outcome: 'acknowledged' | 'unacknowledged' | 'refused' = 'unacknowledged';
    for (let attempt = 0; attempt < 5 && outcome === 'unacknowledged'; attempt++) {
      try {
        const r = await c.mutate<Envelope>('runs.start', { workflow_id: ALL_CALLS_WORKFLOW_ID, input, run_id: runId });
        outcome = r.status === 'ok' ? 'acknowledged' : 'refused';
        if (r.status !== 'ok') x.record.runs.refused.push(`${runId}: ${r.error_code} ${r.error}`);
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        x.record.networkErrors++;
        await sleep(1_000);
      }
    }
    if (outcome === 'acknowledged') x.record.runs.acknowledged.push(runId);
    if (outcome === 'unacknowledged') x.record.runs.unacknowledged.push(runId);
    await sleep(pauseMs);
  }
}

/** Comments on QA results from the review queue: each comment's text is unique, so the store shows whether it landed once. */
export async function reviewLoop(c: ConsoleClient, x: LoadContext, pauseMs: number): Promise<void> {
  while (Date.now() < x.until) {
    await sleep(pauseMs);
    let rows: { qa_result_id: string }[];
    try {
      const list = await c.query<Envelope & { items?: { qa_result_id: string }[] }>('qa.list', { limit: 50 });
      rows = list.items ?? [];
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      x.record.networkErrors++;
      continue;
    }
    if (rows.length === 0) continue;
    const text = `soak comment ${randomUUID()}`;
    try {
      const r = await c.mutate<Envelope>('qa.review', {
        review: { qa_result_id: pick(rows).qa_result_id, action: 'comment', comment: text },
      });
      if (r.status !== 'ok') throw new Error(`qa.review refused a comment: ${r.error_code} ${r.error}`);
      x.record.comments.acknowledged.push(text);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      x.record.networkErrors++;
      x.record.comments.unacknowledged.push(text);
    }
  }
}

/** Conversations from the chat script, one after another; a turn cut off by a dying console is recorded, not resent. */
export async function chatLoop(c: ConsoleClient, x: LoadContext, offset: number): Promise<void> {
  for (let i = offset; Date.now() < x.until; i++) {
    const script = x.conversations[i % x.conversations.length]!;
    let conversationId: string;
    try {
      conversationId = (await c.mutate<{ id: string }>('chat.create', { mode: script.mode })).id;
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      x.record.networkErrors++;
      await sleep(1_000);
      continue;
    }
    for (const content of script.turns) {
      try {
        const r = await c.chat(conversationId, content);
        x.record.chat.push({ conversationId, content, outcome: r.outcome === 'done' ? 'answered' : 'error', detail: r.message });
        if (r.outcome !== 'done') break;
      } catch (err) {
        if (err instanceof NetworkError) {
          x.record.networkErrors++;
          x.record.chat.push({ conversationId, content, outcome: 'cut', detail: err.message });
          break; // the rest of this conversation's script depended on that answer
        }
        if (err instanceof ApiError) {
          x.record.chat.push({ conversationId, content, outcome: 'error', detail: `${err.httpStatus} ${err.message}` });
          break;
        }
        throw err;
      }
    }
  }
}

/** The pages reviewers and stakeholders open, as the HTML a browser first loads. */
export async function pagesLoop(c: ConsoleClient, x: LoadContext, pauseMs: number): Promise<void> {
  const pages = ['/qa', '/dashboard', '/runs', '/schedules', '/chat'];
  while (Date.now() < x.until) {
    const path = pick(pages);
    try {
      const status = await c.page(path);
      if (status === 200) x.record.pages.ok++;
      else x.record.pages.failed.push(`${path}: HTTP ${status}`);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      x.record.networkErrors++;
    }
    await sleep(pauseMs);
  }
}
