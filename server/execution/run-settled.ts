import { channelOf, type RedisClient } from '../redis/connection.ts';
import { runKeys } from '../controlplane/keys.ts';

/**
 * A finished run is *settled* once the process that finished it has done its end-of-run work
 * (finalize, the learning episode, the QA results published: runtime.ts `onRunFinished`). A waiter
 * that saw the terminal status waits for this too, so what it reads next — the QA store through a
 * QA tool — already holds the run's results. The mark is a key (read by whoever asks later) and a
 * message on the run's settled channel (heard at once by whoever waits: wait-run.ts), so a wait
 * costs no polling interval.
 */
/** The mark's key, in the run's hash slot: a redrive deletes it in its commit (redrive.ts), the new life not settled yet. */
export const settledKey = (runId: string) => `dcf:run:{${runId}}:settled`;
const KEEP_S = 7 * 86_400;

/** The channel a run's settlement is announced on, in `redis`'s database (channelOf). */
export const settledChannel = (redis: RedisClient, runId: string) => channelOf(redis, `${settledKey(runId)}:announce`);

/**
 * Marks the run settled unless it is RUNNING again (redriven while this end's work was done: that life is not settled).
 * KEYS: the mark, the run record. ARGV: the channel, the mark's lifetime (s). The key before the message: a waiter that
 * hears the message, or subscribes after it, finds the key.
 */
const MARK_SETTLED_LUA = `
if redis.call('HGET', KEYS[2], 'status') == 'RUNNING' then return 0 end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[2])
redis.call('PUBLISH', ARGV[1], '1')
return 1
`;

export async function markRunSettled(redis: RedisClient, runId: string): Promise<void> {
  await redis.eval(MARK_SETTLED_LUA, 2, settledKey(runId), runKeys(runId).run, settledChannel(redis, runId), KEEP_S);
}

export async function isRunSettled(redis: RedisClient, runId: string): Promise<boolean> {
  return (await redis.exists(settledKey(runId))) === 1;
}
