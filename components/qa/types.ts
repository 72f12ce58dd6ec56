import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';
import type { QaDetailView, QaQueueItem } from '@/server/contracts/qa-view';
import type { QaEvidence, QaFlag, QaReviewStatus, QaTurn, QaVerdict, QaVerdictValue } from '@/lib/qa-record';

/**
 * The QA pages' data as the `qa.*` procedures return it. The tools' output schemas declare
 * their items as plain records (`list_qa_results` → items, `get_qa_result` → qa_result); the
 * shapes they actually are live in server/contracts/qa-view.ts, named here for the browser (types only).
 */
type Qa = inferRouterOutputs<AppRouter>['qa'];

export type { QaDetailView, QaEvidence, QaFlag, QaQueueItem, QaReviewStatus, QaTurn, QaVerdict, QaVerdictValue };

/** One page of `qa.list`: items, total, next_cursor and the aggregate, or a tool failure. */
export type QaListPage = Qa['list'];
export type QaListOk = Extract<QaListPage, { status: 'ok' }>;
/** The aggregate of a filter's first page (later pages carry none). */
export type QaAggregate = NonNullable<QaListOk['aggregate']>;
/** `qa.get`: the call's QA result, or a tool failure. */
export type QaGetResult = Qa['get'];
export type QaAgreement = Qa['agreement'];
export type QaOptions = Qa['options'];
export type SavedQaFilter = Qa['savedFilters']['list'][number];

/** The review part of a call's detail. */
export type QaReviewView = QaDetailView['review'];
export type QaReviewAction = QaReviewView['actions'][number];
/** The current human decision on one rule (newest action for it). */
export type QaRuleDecision = QaReviewView['rules'][string];

/** A tool failure as every QA tool procedure returns it. */
export type ToolFailure = { status: 'error'; error: string; error_code?: string };
