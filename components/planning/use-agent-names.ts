'use client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { agentsAnswer, type PlanningAgent } from './answers';

/** The agents that have plans (planning.agents, admins): for the Findings filter, and `error` when unreadable. */
export function useAgents(): { list: PlanningAgent[]; error: string | null } {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.planning.agents.queryOptions({}), staleTime: 60_000 });
  return useMemo(() => {
    const a = agentsAnswer(q.data);
    return { list: a.ok ? a.data : [], error: q.isPending || a.ok ? null : a.error };
  }, [q.data, q.isPending]);
}

/** Agent names by id, so a table can name the agent rather than quote its id. */
export function useAgentNames(): Map<string, string> {
  const { list } = useAgents();
  return useMemo(() => new Map(list.map((x) => [x.id, x.name])), [list]);
}
