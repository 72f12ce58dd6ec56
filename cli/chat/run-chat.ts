import type { AgentEvent, AgentPlatform } from '../../server/contracts/agent-platform.ts';
import { prepareTurn, type ChatMode } from '../../server/chat/conversations.ts';
import { MAX_MESSAGE_CHARS } from '../../server/chat/stream-turn.ts';
import { sessionTasks, turnAgents } from '../../server/chat/turn-open-work.ts';
import { lastMessageId } from '../../server/chat/turn-work.ts';
import { loadConfig } from '../../server/config.ts';
import { cliAgentPlatform, closeCliAgents } from '../agents.ts';
import { PROJECT_ROOT, cliToolContext } from '../context.ts';
import { cliDatabase } from '../database.ts';
import { abortActiveWorkOnClose, cliExecution, startCliWorkers } from '../execution.ts';
import { EXIT, printJson, usageError, type ExitCode } from '../io.ts';
import { openConversation } from './conversation.ts';
import { chatJson, chatText } from './render.ts';
import { chooseChatUser } from './user.ts';
import { waitForTurnWork, type WaitOutcome } from '../../server/chat/turn-wait.ts';
import { notificationWorkers } from './workers.ts';
import { InboxStore } from '../../server/agents/local/inbox-store.ts';
import { upgradeBeforeUse, upgradeWords } from '../../server/agents/templates/upgrade-agent.ts';
import path from 'node:path';

const DEFAULT_TIMEOUT_S = 300;
/** How long the agents' last turns may take to wind down after the answer (or the timeout). */
const CLOSE_GRACE_MS = 30_000;

export interface ChatRequest {
  mode: string | undefined;
  conversationId: string | undefined;
  user: string | undefined;
  timeoutS: number | undefined;
  json: boolean;
  content: string;
}

/** `dcf chat` once its arguments are checked: see cli/commands/chat.ts. */
export async function runChat(req: ChatRequest): Promise<ExitCode> {
  if (req.content.length > MAX_MESSAGE_CHARS)
    return usageError(`a message may have at most ${MAX_MESSAGE_CHARS} characters (this one has ${req.content.length})`);
  const config = loadConfig(process.env, PROJECT_ROOT);
  const { db } = await cliDatabase(config);
  const chosen = await chooseChatUser(db, req.user, process.env);
  if ('error' in chosen) return usageError(chosen.error);
  const runtime = await cliExecution(config);
  // Runs the agents start need workers: the console's (or dcf worker processes) when they are
  // there, else this process runs them until it exits.
  if (!(await notificationWorkers(runtime.x))) await startCliWorkers(runtime, config, 'dcf chat', config.execution.workerConcurrency);
  const platform = await cliAgentPlatform(config);
  const services = cliToolContext().services;
  const opened = await openConversation(
    db,
    platform,
    chosen.user,
    { mode: req.mode as ChatMode | undefined, id: req.conversationId },
    config.clock,
    services,
  );
  if ('error' in opened) return usageError(opened.error);
  const { row } = opened;

  // The console brings its agents up to date with their templates when it starts; `dcf chat` does it for this one agent.
  const upgraded = await upgradeBeforeUse(platform, row.agentId, path.join(PROJECT_ROOT, 'agents', 'templates'));
  if (upgraded) process.stderr.write(`dcf chat: the agent ${row.agentId}: ${upgradeWords(upgraded)}\n`);
  await prepareTurn(db, platform, row, req.content, config.clock, services);
  const tasksBefore = new Set(
    (await sessionTasks(db, (await turnAgents(db, platform, row.agentId, row.mode)).session)).map((t) => t.taskId),
  );
  const marker = await lastMessageId(platform, row.agentId);
  const turn = startTurn(platform, row.agentId, req.content);
  const timeoutS = req.timeoutS ?? DEFAULT_TIMEOUT_S;
  const outcome = await waitForTurnWork({
    platform,
    db,
    x: runtime.x,
    mode: row.mode,
    inbox: new InboxStore(db),
    agentId: row.agentId,
    marker,
    content: req.content,
    tasksBefore,
    turnDone: () => turn.done,
    turnEnded: turn.ended,
    deadline: Date.now() + timeoutS * 1000,
    onProgress: progressLine(),
  });
  if (!outcome.done) {
    turn.abort();
    abortActiveWorkOnClose();
  }
  const problems = [
    ...(outcome.done ? [] : [`timed out after ${timeoutS} s (--timeout); still open: ${outcome.waitingFor.join('; ')}`]),
    ...failures(turn, outcome),
  ];
  if (req.json) printJson(chatJson(row, outcome));
  else process.stdout.write(chatText(row, outcome));
  for (const p of problems) process.stderr.write(`dcf chat: ${p}\n`);
  await windDown(turn, outcome.done);
  return problems.length ? EXIT.failed : EXIT.ok;
}

interface Turn {
  done: boolean;
  /** Settles when the turn's stream has ended (normally, cancelled or failed). */
  ended: Promise<void>;
  events: AgentEvent[];
  error: unknown;
  abort(): void;
}

/** The user's turn, streamed in the background: its events, its end, a way to cancel it. */
function startTurn(platform: AgentPlatform, agentId: string, content: string): Turn {
  const controller = new AbortController();
  const turn: Turn = { done: false, ended: Promise.resolve(), events: [], error: null, abort: () => controller.abort() };
  turn.ended = (async () => {
    try {
      for await (const e of platform.streamMessage(agentId, { role: 'user', content }, { signal: controller.signal })) turn.events.push(e);
    } catch (err) {
      turn.error = err;
    } finally {
      turn.done = true;
    }
  })();
  return turn;
}

/** Why the turn counts as failed: the agent's turn did not end normally, or a run or task the turn started failed. */
function failures(turn: Turn, o: WaitOutcome): string[] {
  const out: string[] = [];
  if (turn.error) out.push(`the agent platform failed: ${turn.error instanceof Error ? turn.error.message : String(turn.error)}`);
  const stop = turn.events.find((e) => e.message_type === 'stop_reason');
  const reason = stop?.message_type === 'stop_reason' ? stop.stop_reason : null;
  if (turn.done && !turn.error && reason !== 'end_turn') out.push(`the agent's turn ended with ${reason ?? 'no stop reason'}`);
  for (const e of o.work.errors) out.push(`the agent reported an error: ${e}`);
  for (const r of o.runs) if (r.status !== 'SUCCEEDED' && r.status !== 'RUNNING') out.push(`run ${r.run_id} ended ${r.status}`);
  for (const t of o.tasks)
    if (t.status === 'failed' || t.status === 'cancelled') out.push(`task ${t.taskId} ${t.status}${t.error ? `: ${t.error}` : ''}`);
  return out;
}

/** On a terminal, a line on standard error every 15 s saying what the wait is for. */
function progressLine(): ((waitingFor: string[]) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  let last = Date.now();
  return (waitingFor) => {
    if (Date.now() - last < 15_000) return;
    last = Date.now();
    process.stderr.write(`waiting: ${waitingFor.join('; ')}\n`);
  };
}

/**
 * Lets the agents' turns in this process finish (bounded), so their messages are recorded before
 * the database closes: the user's turn (cancelled after a timeout: it stops at its next step),
 * then the deliveries under way. Should the process still be busy shortly after a timeout, it
 * exits — what those turns were delivering is delivered again later (the durable inbox delivers
 * at least once).
 */
async function windDown(turn: Turn, done: boolean): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((r) => (timer = setTimeout(r, CLOSE_GRACE_MS)));
  await Promise.race([turn.ended.then(() => closeCliAgents()), grace]);
  clearTimeout(timer);
  if (!done) setTimeout(() => process.exit(EXIT.failed), CLOSE_GRACE_MS).unref();
}
