import path from 'node:path';
import { logger } from '../log.ts';
import { agentPlatform, config, database, executionRuntime, toolServices } from './services.ts';

/**
 * What the web process starts at boot (called by instrumentation.ts on the Node.js runtime): the workflow execution
 * (and, on the embedded default, the embedded workers), so runs queued while the server was down resume; the learning
 * loop's consolidation and the periodic audit anchoring, which the database's owner runs; and the agent platform, so
 * agents' queued messages are delivered without waiting for a first request. Each failure is logged, never thrown.
 */
export async function startProcessServices(): Promise<void> {
  (await import('../cache/validators.ts')).useCachedSpecValidators(); // spec schemas compiled once per machine, not at every start
  const runtime = await executionRuntime()?.catch((err: unknown) => {
    console.error('workflow execution did not start:', err);
  });
  // This process owns the database: it also runs the learning loop's consolidation job.
  const url = config().redis;
  if (runtime && url) {
    const { startConsolidation } = await import('./consolidation.ts');
    const db = (await database()).db;
    startConsolidation(runtime, db, url, logger().child({ component: 'consolidation' }));
    // Skills whose capability needs accuracy are measured here, in the background, before a swap needs their figure
    // (one at a time across consoles: a Redis lease), and again whenever a new version or an ended back-off is due.
    const { startBackgroundCalibration } = await import('../learning/accuracy/background.ts');
    const { calibrationDeps } = await import('../learning/accuracy/calibration-deps.ts');
    startBackgroundCalibration(
      calibrationDeps(runtime.x, undefined, config().calibrationSkip),
      logger().child({ component: 'calibration' }),
    );
  }
  // This process owns the database: it anchors the audit chain's head outside it, every period (issue 28).
  const { startProcessAuditAnchoring } = await import('./audit-anchoring.ts');
  await startProcessAuditAnchoring().catch((err: unknown) => console.error('periodic audit anchoring did not start:', err));
  await startAgents().catch((err: unknown) => {
    console.error('the agent platform did not start (it is tried again on first use):', err);
  });
}

/**
 * The agent platform at boot: the local runtime's inbox sweep delivers what was queued before a
 * restart; on Letta, the job that reads Conductors' histories for their Companions' messages; and
 * every agent made from a template brought up to date with it (tools the template gained attached,
 * those it retired detached: server/agents/templates/upgrade-agent.ts), in the background, each logged.
 */
async function startAgents(): Promise<void> {
  const platform = await agentPlatform();
  const { upgradeAgents, upgradeWords } = await import('../agents/templates/upgrade-agent.ts');
  const log = logger().child({ component: 'agent-upgrade' });
  void upgradeAgents(platform, {
    dir: path.join(config().rootDir, 'agents', 'templates'),
    onUpgrade: (u) => log.info({ ...u }, `${u.name}: ${upgradeWords(u)}`),
    onSkip: (a, why) => log.warn({ agent_id: a.id }, `${a.name} was not brought up to date: ${why}`),
  }).catch((err: unknown) => log.error({ err }, 'agents were not brought up to date with their templates'));
  const url = config().redis;
  if (platform.kind === 'letta' && url) {
    const { startLettaSessionSync } = await import('./letta-session-sync.ts');
    startLettaSessionSync(platform, (await database()).db, toolServices(), url, logger().child({ component: 'letta-sync' }));
  }
}
