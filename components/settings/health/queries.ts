'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';

/** How often the health page reads again: an operator watching it sees a worker die within half a minute. */
export const REFRESH_MS = 30_000;
const live = { staleTime: 0, refetchInterval: REFRESH_MS } as const;

/**
 * The health page's queries, one per panel. The problems list reads the same ones (same keys), so
 * it shares their cache and each figure is fetched once.
 */
export function useHealthQueries(isAdmin: boolean) {
  const trpc = useTRPC();
  const admin = { ...live, enabled: isAdmin };
  return {
    adapters: useQuery({ ...trpc.health.adapters.queryOptions(), staleTime: 0 }),
    process: useQuery({ ...trpc.health.process.queryOptions(), ...live }),
    workers: useQuery({ ...trpc.health.workers.queryOptions(), ...admin }),
    queues: useQuery({ ...trpc.health.queues.queryOptions(), ...admin }),
    scheduler: useQuery({ ...trpc.health.scheduler.queryOptions(), ...admin }),
    notifications: useQuery({ ...trpc.health.notifications.queryOptions(), ...admin }),
    streams: useQuery({ ...trpc.health.streams.queryOptions(), ...admin }),
    storage: useQuery({ ...trpc.health.storage.queryOptions(), ...admin }),
  };
}

export type HealthQueries = ReturnType<typeof useHealthQueries>;
