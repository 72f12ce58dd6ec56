import type { AgentPlatform } from '../contracts/agent-platform.ts';
import { beforeDeadline } from '../../lib/deadline.ts';
import { openWork, sessionTasks, turnAgents, type OpenWork, type PendingInbox } from './turn-open-work.ts';
import { combineTurnWork, findTurnStart, readAgentWork, type AgentWork, type TurnStart, type TurnWork } from './turn-work.ts';
import type { Db } from '../db/client.ts';
import type { DelegationTaskRow } from '../db/schema/delegation.ts';
import { readRun } from '../execution/run-record.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** A run the turn started, as `dcf chat --json` reports it. */
export interface TurnRun {
  run_id: string;
  workflow_id: string | null;
  version: string | null;
  input: unknown;
  /** RUNNING, SUCCEEDED, FAILED, TIMED_OUT, ABORTED; `MISSING` when the run record is gone. */
  status: string;
}

export interface WaitInput {
  platform: AgentPlatform;
  db: Db;
  /** The local runtime's durable inbox (InboxStore), handed in by the host: queued messages are open work. */
  inbox: PendingInbox;
  x: ExecutionServices;
  mode: 'planner' | 'conductor';
  agentId: string;
  /** The newest message of the agent before the user's message was sent, and that message. */
  marker: string | null;
  content: string;
  /** The user's turn, settled when its stream ends. */
  turnDone: () => boolean;
  /** Settles when the turn ends: a check waiting on a running turn runs then rather than at its next poll. */
  turnEnded?: Promise<unknown>;
  /** Task ids of the session before the turn: the others are the turn's. */
  tasksBefore: Set<string>;
  deadline: number;
  pollMs?: number;
  /** The clock `deadline` is read on (default Date.now); injected so a test can count checks, not milliseconds. */
  now?: () => number;
  /** Called on each check with what is still open (for a progress line). */
  onProgress?: (waitingFor: string[]) => void;
}

export interface WaitOutcome {
  done: boolean;
  start: TurnStart | null;
  work: TurnWork;
  runs: TurnRun[];
  tasks: DelegationTaskRow[];
  /** What was still open when the wait ended (empty when done). */
  waitingFor: string[];
  /** The names of the agents that took part, by id. */
  names: Map<string, string>;
}

const EMPTY: TurnWork = { reply: [], errors: [], tool_calls: [], messages: [], run_ids: [] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function describeOpen(turnDone: boolean, runs: TurnRun[], open: OpenWork, names: Map<string, string>): string[] {
  const name = (id: string) => names.get(id) ?? id;
  return [
    ...(turnDone ? [] : ['the agent is still answering']),
    ...runs.filter((r) => r.status === 'RUNNING').map((r) => `run ${r.run_id} (${r.workflow_id ?? '?'} ${r.version ?? ''}) is RUNNING`),
    ...open.tasks.map((t) => `task ${t.taskId} is ${t.status}${t.companionId ? ` (${name(t.companionId)})` : ''}`),
    ...open.pending.map((m) => {
      const sender = m.senderAgentId ? ` from ${name(m.senderAgentId)}` : '';
      return `a message ${m.status === 'delivering' ? 'is being delivered' : 'waits'} for ${name(m.agentId)}${sender}`;
    }),
  ];
}

/**
 * Waits until the turn and the work it started have finished: the user's turn has ended, every
 * run its tool calls started has ended, and (Conductor) no task of the session is open and no
 * message is pending for the session's agents — so every answer to the results has been given.
 * The histories are read on every check (a Companion dismissed meanwhile keeps what was read of
 * it); the end holds only when two checks in a row find nothing open and nothing new.
 */
export async function waitForTurnWork(w: WaitInput): Promise<WaitOutcome> {
  const pollMs = w.pollMs ?? 500;
  const now = w.now ?? Date.now;
  const works = new Map<string, AgentWork>();
  const names = new Map<string, string>();
  let start: TurnStart | null = null;
  let previous: string | null = null;
  for (;;) {
    const turnDone = w.turnDone();
    start ??= await findTurnStart(w.platform, w.agentId, w.marker, w.content);
    const agents = await turnAgents(w.db, w.platform, w.agentId, w.mode);
    // Messages queued for this conversation's agents are its work: deliver them here too.
    w.platform.deliverQueued?.(agents.inboxes);
    if (start) {
      for (const id of agents.participants) {
        const read = await readAgentWork(w.platform, id, start);
        if (read) works.set(id, read);
        if (!names.has(id)) names.set(id, (await w.platform.getAgent(id))?.name ?? id);
      }
    }
    const work = start ? combineTurnWork(start, [...works.values()]) : EMPTY;
    const runs = await Promise.all(work.run_ids.map((id) => readTurnRun(w.x, id)));
    const open = await openWork(w.db, w.platform, agents, w.inbox);
    const tasks = (await sessionTasks(w.db, agents.session)).filter((t) => !w.tasksBefore.has(t.taskId));
    const waitingFor = describeOpen(turnDone, runs, open, names);
    const signature = JSON.stringify([
      [...works.values()].map((a) => a.messages.length),
      runs.map((r) => r.status),
      tasks.map((t) => t.status),
    ]);
    if (!waitingFor.length && signature === previous) return { done: true, start, work, runs, tasks, waitingFor, names };
    previous = waitingFor.length ? null : signature;
    if (now() >= w.deadline) {
      return {
        done: false,
        start,
        work,
        runs,
        tasks,
        waitingFor: waitingFor.length ? waitingFor : ['the agents were still working'],
        names,
      };
    }
    w.onProgress?.(waitingFor);
    const wait = Math.min(pollMs, Math.max(0, w.deadline - now()));
    // While the turn runs its end cuts the wait short (beforeDeadline leaves no timer behind).
    await (turnDone || !w.turnEnded
      ? sleep(wait)
      : beforeDeadline(
          w.turnEnded.catch(() => undefined),
          wait,
        ));
  }
}

async function readTurnRun(x: ExecutionServices, runId: string): Promise<TurnRun> {
  const r = await readRun(x.redis, runId);
  if (!r) return { run_id: runId, workflow_id: null, version: null, input: null, status: 'MISSING' };
  return { run_id: r.run_id, workflow_id: r.workflow_id || null, version: r.workflow_version || null, input: r.input, status: r.status };
}
