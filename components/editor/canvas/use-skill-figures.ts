'use client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type { SkillFigures } from './node-data';

/**
 * Every catalog skill's reliability for the Task chips, in one `get_skill_reliability` call (all
 * skills): the recent window's success rate and p95 when it has uses, else all-time figures.
 * Refreshed every minute, as runs keep teaching the graph.
 */
export function useSkillFigures(): ReadonlyMap<string, SkillFigures> {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.graph.reliability.queryOptions({}), staleTime: 60_000, refetchInterval: 60_000 });
  return useMemo(() => {
    const m = new Map<string, SkillFigures>();
    if (q.data?.status !== 'ok') return m;
    for (const s of q.data.skills) {
      const r = s.recent.n_success + s.recent.n_failures > 0 ? s.recent : s.all_time;
      m.set(s.skill, { successRate: r.success_rate, p95Ms: r.p95_latency_ms, runs: r.n_success + r.n_failures });
    }
    return m;
  }, [q.data]);
}
