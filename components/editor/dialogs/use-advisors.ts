'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import type { AdvisorList } from '../model/run-form-checks';

/**
 * The CRM's advisors for the run form (`crm.advisors`, the list_advisors tool over the CRM
 * directory skill), read only when the form has an advisor field. A failure (the CRM's skill
 * server unreachable) leaves the field free: the run's own checks then judge the name.
 */
export function useAdvisors(enabled: boolean): AdvisorList {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.crm.advisors.queryOptions({}), enabled, staleTime: 5 * 60_000, retry: 1 });
  if (!enabled || q.isPending) return { status: 'loading' };
  if (q.isError) return { status: 'unavailable', reason: errorMessage(q.error) };
  if (q.data.status !== 'ok') return { status: 'unavailable', reason: q.data.error };
  return { status: 'ready', advisors: q.data.advisors };
}
