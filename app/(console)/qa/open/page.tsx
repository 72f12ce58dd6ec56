import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { OpenQaResult } from '@/components/qa/open-qa-result';

export const metadata: Metadata = { title: 'Opening QA result' };

/**
 * `/qa/open?run=<run id>[&call=<recording id>]`: where the chat's QA card and other run-centred
 * places link. Opens the call's detail when the run analysed one call (or the one named), else the
 * queue filtered to the run; waits while the results are still being stored.
 */
export default async function OpenQaResultPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await pageUser();
  const p = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;
  return <OpenQaResult runId={one(p.run)} callId={one(p.call)} />;
}
