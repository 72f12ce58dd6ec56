'use client';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import { isUuid } from '@/lib/uuid';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { queueHrefFrom } from '../queue/links';
import type { QaDetailView } from '../types';
import { CallDetail } from './call-detail';

/**
 * Loads one QA result (`qa.get`) and shows it; a tool failure (not found, database unavailable)
 * or a transport error is shown as it is, with a retry. `?queue=` is the queue's query string, for
 * the way back.
 */
export function QaDetailPage({ id, canReview, me }: { id: string; canReview: boolean; me: string }) {
  const trpc = useTRPC();
  const valid = isUuid(id);
  const get = useQuery({ ...trpc.qa.get.queryOptions({ qa_result_id: id }), enabled: valid });
  const backHref = queueHrefFrom(useSearchParams().get('queue'));
  if (!valid) return <ErrorState title="No such QA result" message={`“${id}” is not the id of a QA result.`} />;
  if (get.isPending) return <LoadingState label="Loading the call…" />;
  const retry = () => void get.refetch();
  if (get.isError) return <ErrorState title="The call could not be loaded" message={errorMessage(get.error)} onRetry={retry} />;
  if (get.data.status === 'error') {
    const { error, error_code: code } = get.data;
    return (
      <ErrorState
        title={code === 'not_found' ? 'No such QA result' : 'The call could not be loaded'}
        message={error}
        code={code}
        onRetry={retry}
      />
    );
  }
  return <CallDetail qa={get.data.qa_result as unknown as QaDetailView} canReview={canReview} me={me} backHref={backHref} />;
}
