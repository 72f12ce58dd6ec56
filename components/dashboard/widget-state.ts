import { errorMessage } from '@/components/ui/error-message';
import type { Answer } from '@/components/planning/answers';
import type { WidgetState } from './use-dashboard-data';

type QueryLike = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * A planning read as a dashboard section takes it (WidgetSection): its answer read by `read`, and
 * a `what` line made from it, since the planning contract's reports carry none of their own.
 */
export function widgetState<T extends object>(
  q: QueryLike,
  read: (answer: unknown) => Answer<T>,
  what: (data: T) => string,
): WidgetState<T & { what: string }> {
  if (q.isPending) return { state: 'loading' };
  const retry = () => void q.refetch();
  if (q.isError && q.data === undefined) return { state: 'error', error: errorMessage(q.error), retry };
  const a = read(q.data);
  return a.ok
    ? { state: 'ok', data: { ...a.data, what: what(a.data) }, updating: q.isFetching }
    : { state: 'error', error: a.error, retry };
}
