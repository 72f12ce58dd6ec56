import { iterationsOf } from './instance-scope';
import type { Instance } from './types';

export type IterationSummary = { index: number; status: Instance['status']; instances: number; lastError: string | null };

/**
 * The iterations of one Map instance, from the instances that run inside them: per iteration
 * index, an overall status (failed if any failed, running if any runs or it is partly done,
 * done when all are, else pending) and how many state instances it has.
 */
export function mapIterations(mapInstance: string, instances: readonly Instance[]): IterationSummary[] {
  const by = new Map<number, Instance[]>();
  for (const i of instances) {
    const it = iterationsOf(i.instance).find((x) => x.map === mapInstance);
    if (it) by.set(it.index, [...(by.get(it.index) ?? []), i]);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, list]) => {
      const has = (s: Instance['status']) => list.some((i) => i.status === s);
      const status = has('failed')
        ? 'failed'
        : has('running')
          ? 'running'
          : list.every((i) => i.status === 'done')
            ? 'done'
            : has('done')
              ? 'running'
              : 'pending';
      return { index, status, instances: list.length, lastError: list.find((i) => i.status === 'failed')?.last_error ?? null };
    });
}
