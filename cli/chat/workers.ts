import { QUEUE_NAME, QUEUE_PREFIX } from '../../server/execution/dispatcher.ts';
import type { ExecutionServices } from '../../server/contracts/execution-services.ts';
import { databaseOf } from '../../server/redis/connection.ts';

/**
 * How many processes consume this deployment's run notifications now: BullMQ workers name their
 * Redis connections after the queue (`<prefix>:<base64 name>`, `…:w:<worker>`), so CLIENT LIST
 * shows them; only connections on our Redis database count (another database is another
 * deployment's queue). Null when the server does not answer CLIENT LIST (some managed Redis).
 */
export async function notificationWorkers(x: ExecutionServices): Promise<number | null> {
  const base = `${QUEUE_PREFIX}:${Buffer.from(QUEUE_NAME).toString('base64')}`;
  const db = String(databaseOf(x.redis));
  let list: string;
  try {
    list = String(await x.redis.call('CLIENT', 'LIST'));
  } catch {
    return null;
  }
  return list.split(/\r?\n/).filter((line) => {
    const fields = new Map(line.split(' ').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const));
    const name = fields.get('name') ?? '';
    return (name === base || name.startsWith(`${base}:w:`)) && fields.get('db') === db;
  }).length;
}
