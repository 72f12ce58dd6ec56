/**
 * Next.js start-up hook: on the Node.js runtime, start the workflow execution (and, on the
 * embedded default, the embedded workers) as soon as the server boots, so runs queued while the
 * server was down resume without waiting for a first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
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
}
