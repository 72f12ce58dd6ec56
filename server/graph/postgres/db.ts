import type { Db } from '../../db/client.ts';

/** The app's Drizzle database or a transaction of it: what the write helpers run on. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
