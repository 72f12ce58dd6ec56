import type { LeaseGrant } from '../controlplane/control-plane.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The engine's lease on a state it advances itself (Pass, Choice, Wait, Succeed, Fail, and the
 * fork/join of Parallel and Map). Engine steps hold a lease for milliseconds, so a held lease is
 * waited out briefly; after that the caller's job fails and BullMQ retries it with back-off.
 * Returns null when the state needs nothing (finished, run over).
 */
export async function acquireEngineLease(
  x: ExecutionServices,
  runId: string,
  instance: string,
  countAttempt: boolean,
): Promise<LeaseGrant | null> {
  for (let i = 0; i < 50; i++) {
    const grant = await x.cp.acquireLease(runId, instance, x.identity, x.config.execution.leaseTtlS, countAttempt);
    if (grant.ok) return grant;
    if (grant.reason !== 'held') return null;
    await sleep(20 + i * 5);
  }
  throw new Error(`${instance}: engine lease still held by another process`);
}
