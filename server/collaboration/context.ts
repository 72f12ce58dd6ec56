import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';

/** What every collaboration operation works with: the database, the agent platform, the caller. */
export interface Collab {
  db: Db;
  platform: AgentPlatform;
  config: AppConfig;
  actor: Actor;
}

/** The tags with `status:<value>` set (replacing any other status tag). */
export function withStatus(tags: readonly string[], value: string): string[] {
  return [...tags.filter((t) => !t.startsWith('status:')), `status:${value}`];
}
