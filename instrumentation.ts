/**
 * Next.js start-up hook: on the Node.js runtime, start the workflow execution (and, on the
 * embedded default, the embedded workers) and the agent platform as soon as the server boots, so
 * runs queued while the server was down resume, and agents' queued messages are delivered,
 * without waiting for a first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First: route handlers learn each request's TCP peer from here on (sign-in throttling).
  const { installPeerAddressHeader } = await import('./server/http/peer-address.ts');
  installPeerAddressHeader();
  // Settings → Health reports the event-loop delay since boot, not only since its first read.
  const { startProcessHealth } = await import('./server/health/process-health.ts');
  startProcessHealth();
  const { executionRuntime, database, config } = await import('./server/app/services.ts');
  const runtime = await executionRuntime()?.catch((err: unknown) => {
    console.error('workflow execution did not start:', err);
  });
  // This process owns the database: it also runs the learning loop's consolidation job.
  if (runtime && config().redisUrl) {
    const { startConsolidation } = await import('./server/app/consolidation.ts');
    const { logger } = await import('./server/log.ts');
    const db = (await database()).db;
    startConsolidation(runtime, db, config().redisUrl!, logger().child({ component: 'consolidation' }));
  }
  // This process owns the database: it anchors the audit chain's head outside it, every period (issue 28).
  const { startProcessAuditAnchoring } = await import('./server/app/audit-anchoring.ts');
  await startProcessAuditAnchoring().catch((err: unknown) => console.error('periodic audit anchoring did not start:', err));
  await startAgents().catch((err: unknown) => {
    console.error('the agent platform did not start (it is tried again on first use):', err);
  });
}

/**
 * The agent platform at boot: the local runtime's inbox sweep delivers what was queued before a
 * restart; on Letta, the job that reads Conductors' histories for their Companions' messages.
 */
async function startAgents(): Promise<void> {
  // Checked here too: the edge build traces this function on its own, and must not reach BullMQ.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { agentPlatform, database, config, toolServices } = await import('./server/app/services.ts');
  const { logger } = await import('./server/log.ts');
  const platform = await agentPlatform();
  const url = config().redisUrl;
  if (platform.kind === 'letta' && url) {
    const { startLettaSessionSync } = await import('./server/app/letta-session-sync.ts');
    startLettaSessionSync(platform, (await database()).db, toolServices(), url, logger().child({ component: 'letta-sync' }));
  }
}
