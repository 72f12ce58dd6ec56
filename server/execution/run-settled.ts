import { channelOf, type RedisClient } from '../redis/connection.ts';

/**
 * A finished run is *settled* once the process that finished it has done its end-of-run work
 * (finalize, the learning episode, the QA results published: runtime.ts `onRunFinished`). A waiter
 * that saw the terminal status waits for this too, so what it reads next — the QA store through a
 * QA tool — already holds the run's results. The mark is a key (read by whoever asks later) and a
 * message on the run's settled channel (heard at once by whoever waits: wait-run.ts), so a wait
 * costs no polling interval.
 */
const settledKey = (runId: string) => `dcf:run:{${runId}}:settled`;
const KEEP_S = 7 * 86_400;

/** The channel a run's settlement is announced on, in `redis`'s database (channelOf). */
export const settledChannel = (redis: RedisClient, runId: string) => channelOf(redis, `${settledKey(runId)}:announce`);

export async function markRunSettled(redis: RedisClient, runId: string): Promise<void> {
  // The key before the message (a transaction keeps the order): a waiter that hears the message, or subscribes after
  // it, finds the key.
  await redis.multi().set(settledKey(runId), '1', 'EX', KEEP_S).publish(settledChannel(redis, runId), '1').exec();
}

export async function isRunSettled(redis: RedisClient, runId: string): Promise<boolean> {
  return (await redis.exists(settledKey(runId))) === 1;
}
