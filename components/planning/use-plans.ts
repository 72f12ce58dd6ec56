'use client';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import type { PlanView, UnitKind } from '@/lib/planning/schemas';
import { planAnswer, plansAnswer, type Answer } from './answers';

/** A planning read as a view takes it: loading, its data, or why it has none (with a retry). */
export type Loaded<T> =
  { state: 'loading' } | { state: 'error'; error: string; retry: () => void } | { state: 'ok'; data: T; refetch: () => void };

type QueryLike = { isPending: boolean; isError: boolean; error: unknown; data: unknown; refetch: () => unknown };

export function loaded<T>(q: QueryLike, read: (answer: unknown) => Answer<T>): Loaded<T> {
  const retry = () => void q.refetch();
  if (q.isPending) return { state: 'loading' };
  if (q.isError && q.data === undefined) return { state: 'error', error: errorMessage(q.error), retry };
  const a = read(q.data);
  return a.ok ? { state: 'ok', data: a.data, refetch: retry } : { state: 'error', error: a.error, retry };
}

export interface PlansFilter {
  session_id?: string;
  unit_kind?: UnitKind;
  unit_id?: string;
  agent_id?: string;
  limit?: number;
}

/** How often a list of plans is read again while its work may still be running. */
const LIVE_MS = 3_000;
/** When to read a list again after its work ended, for the findings recorded at a plan's end. */
const END_FINDINGS_MS = 2_500;

/**
 * The plans of a unit of work or session (planning.plans, newest first). `live`: read again every
 * few seconds (a turn being answered, a run in progress), since no plan event is pushed yet, and
 * once more when it stops being live.
 */
export function usePlans(filter: PlansFilter, { live = false, enabled = true } = {}): Loaded<PlanView[]> {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.planning.plans.queryOptions(filter),
    enabled,
    refetchInterval: live ? LIVE_MS : false,
    refetchOnWindowFocus: false,
  });
  // The work just ended (a turn answered, a run finished): read again for the plan's end, and once
  // more a little later for the findings the sentinel records at the end (its writes are batched).
  const wasLive = useRef(live);
  const { refetch } = q;
  useEffect(() => {
    const ended = wasLive.current && !live;
    wasLive.current = live;
    if (!ended) return;
    void refetch();
    const later = setTimeout(() => void refetch(), END_FINDINGS_MS);
    return () => clearTimeout(later);
  }, [live, refetch]);
  return loaded(q, plansAnswer);
}

/** One plan with what happened (planning.plan); null when there is no such plan to see. */
export function usePlan(planId: string | null): Loaded<PlanView | null> {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.planning.plan.queryOptions({ plan_id: planId ?? '' }), enabled: planId !== null });
  if (planId === null) return { state: 'ok', data: null, refetch: () => undefined };
  return loaded(q, planAnswer);
}
