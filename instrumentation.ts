/**
 * Next.js start-up hook: on the Node.js runtime, start the workflow execution (and, on the
 * embedded default, the embedded workers) as soon as the server boots, so runs queued while the
 * server was down resume without waiting for a first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { executionRuntime } = await import('./server/app/services.ts');
  await executionRuntime()?.catch((err: unknown) => {
    console.error('workflow execution did not start:', err);
  });
}
