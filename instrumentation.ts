/**
 * Next.js start-up hook: on the Node.js runtime, install the request hooks and start what the
 * process runs from boot (server/app/process-start.ts: the workflow execution, consolidation, audit
 * anchoring and the agent platform), so runs queued while the server was down resume, and agents'
 * queued messages are delivered, without waiting for a first request. The edge build compiles this
 * file too: every server import stays behind the runtime check, so it never reaches BullMQ.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First: route handlers learn each request's TCP peer from here on (sign-in throttling).
  const { installPeerAddressHeader } = await import('./server/http/peer-address.ts');
  installPeerAddressHeader();
  // Settings → Health reports the event-loop delay since boot, not only since its first read.
  const { startProcessHealth } = await import('./server/health/process-health.ts');
  startProcessHealth();
  const { startProcessServices } = await import('./server/app/process-start.ts');
  await startProcessServices();
}
