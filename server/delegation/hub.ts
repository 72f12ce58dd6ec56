import type { Logger } from 'pino';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { DelegationEventRow } from '../db/schema/delegation.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import { BlockWriter } from './block-writer.ts';
import type { PublishedSessionEvent } from '../../lib/session-event.ts';
import { SessionStore, type NewSessionEvent } from './session-store.ts';

/** The Redis channel every session event is published on (the console's SSE routes listen). */
export const SESSION_EVENTS_CHANNEL = 'dcf:delegation:events';

/** A finished task's skill uses, for the knowledge graph (skill reliability learns from delegated work too). */
export interface TaskOutcome {
  session_id: string;
  task_id: string;
  companion_id: string;
  status: 'succeeded' | 'failed';
  skills_used: string[];
  /** The skill that failed, when the task failed on one. */
  failed_skill: string | null;
  duration_s: number;
  error: string | null;
  completed_at: string;
}

/**
 * Everything delegated mode works with: the agent platform (agents, blocks, tags, messages),
 * the app database (sessions, tasks, activity, block revisions), the skill catalog, and where
 * session events and task outcomes go. One per (database, platform); the tools, the message gate
 * and the console's routers share it.
 */
export interface DelegationHub {
  db: Db;
  platform: AgentPlatform;
  config: AppConfig;
  log: Logger;
  store: SessionStore;
  blocks: BlockWriter;
  skills(): Promise<SkillDirectory>;
  /** Publishes an event for live pages (no-op without Redis). */
  publish(e: PublishedSessionEvent): Promise<void>;
  /** Records a finished task in the knowledge graph (no-op where no graph is reachable). */
  learn(outcome: TaskOutcome): Promise<void>;
}

export interface HubOptions {
  db: Db;
  platform: AgentPlatform;
  config: AppConfig;
  log: Logger;
  skills: () => Promise<SkillDirectory>;
  publish?: (e: PublishedSessionEvent) => Promise<void>;
  learn?: (outcome: TaskOutcome) => Promise<void>;
}

export function createHub(o: HubOptions): DelegationHub {
  return {
    db: o.db,
    platform: o.platform,
    config: o.config,
    log: o.log,
    store: new SessionStore(o.db),
    blocks: new BlockWriter(o.db, o.platform),
    skills: o.skills,
    publish: async (e) => {
      try {
        await o.publish?.(e);
      } catch (err) {
        o.log.warn({ err, event: e.kind }, 'session event not published (live pages catch up on their next read)');
      }
    },
    learn: async (outcome) => {
      try {
        await o.learn?.(outcome);
      } catch (err) {
        o.log.warn({ err, task: outcome.task_id }, 'task outcome not recorded in the knowledge graph');
      }
    },
  };
}

/** Appends an event to the session's activity and publishes it. */
export async function recordEvent(hub: DelegationHub, e: NewSessionEvent): Promise<DelegationEventRow> {
  const row = await hub.store.addEvent(e);
  await hub.publish({
    id: row.id,
    session_id: row.sessionId,
    kind: row.kind,
    task_id: row.taskId,
    actor: row.actor,
    subject: row.subject,
    at: row.at.toISOString(),
  });
  return row;
}
