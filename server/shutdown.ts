/**
 * What a process does when it is told to stop (SIGINT, SIGTERM), in one place (issue 29): first
 * every `stop` hook (what takes work from the database stops taking it: the agents' inbox, the
 * background jobs; given STOP_BUDGET_MS together to let work under way end — what is still running
 * then is cut off by the close, and runs again, as after a crash), then every `flush` hook (writes
 * that still need the database, e.g. the tool-call tracker's queue), then every `close` hook (the
 * embedded database: its thread flushes PGlite's files and its lock and share file go). Hooks of
 * one phase run together; a failing hook does not stop the others.
 * The whole shutdown is bounded (SHUTDOWN_BUDGET_MS). Then, when no other handler of the signal
 * is left to end the process, the signal is raised again for its default action — so under
 * `next start` with NEXT_MANUAL_SIG_HANDLE (scripts/lib.sh) the console ends only after its
 * database closed, and a plain script still ends as it would have.
 */
import { beforeDeadline } from '../lib/deadline.ts';

export type ShutdownPhase = 'stop' | 'flush' | 'close';

const SHUTDOWN_BUDGET_MS = 20_000;
const STOP_BUDGET_MS = 8_000;
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

// Kept on globalThis: Next.js may evaluate this module in several bundles, and one process has one shutdown.
const KEY = Symbol.for('dcf.shutdown');
type Hooks = Record<ShutdownPhase, Array<() => Promise<void>>>;
type Holder = { [KEY]?: Hooks };

/** Adds work to do at shutdown; the signal handlers are installed with the first hook. */
export function onShutdown(phase: ShutdownPhase, work: () => Promise<void>): void {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const hooks: Hooks = { stop: [], flush: [], close: [] };
    holder[KEY] = hooks;
    for (const signal of SIGNALS) process.once(signal, () => void shutDown(hooks, signal));
  }
  holder[KEY][phase].push(work);
}

async function shutDown(hooks: Hooks, signal: (typeof SIGNALS)[number]): Promise<void> {
  const phases = (async () => {
    await beforeDeadline(Promise.allSettled(hooks.stop.map((work) => work())), STOP_BUDGET_MS);
    for (const phase of ['flush', 'close'] as const) await Promise.allSettled(hooks[phase].map((work) => work()));
  })();
  await beforeDeadline(phases, SHUTDOWN_BUDGET_MS);
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}
