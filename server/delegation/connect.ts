import type { Logger } from 'pino';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { channelOf } from '../redis/connection.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { createHub, SESSION_EVENTS_CHANNEL, type DelegationHub } from './hub.ts';

const hubs = new WeakMap<AgentPlatform, DelegationHub>();

/**
 * The delegation hub of an agent platform (one per platform instance): the tools, the message
 * gate and the console's routers all reach delegated mode through it. Session events are
 * published on Redis when the services have the execution runtime (the console, the CLI).
 */
export function delegationHub(platform: AgentPlatform, db: Db, services: ToolServices, log: Logger = logger()): DelegationHub {
  let hub = hubs.get(platform);
  if (!hub) {
    hub = createHub({
      db,
      platform,
      config: services.config,
      log: log.child({ component: 'delegation' }),
      skills: async () => (await import('../learning/services.ts')).skillDirectory(services),
      publish: services.execution
        ? async (e) => {
            const x = await services.execution!();
            await x.redis.publish(channelOf(x.redis, SESSION_EVENTS_CHANNEL), JSON.stringify(e));
          }
        : undefined,
      learn: async (outcome) => {
        const { recordTaskOutcome } = await import('./learn.ts');
        await recordTaskOutcome(services, outcome);
      },
    });
    hubs.set(platform, hub);
  }
  return hub;
}
