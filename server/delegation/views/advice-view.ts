import type { DelegationEventRow } from '../../db/schema/delegation.ts';
import { messageOf } from './task-view.ts';
import { isRecord } from '../../../lib/is-record.ts';

/**
 * What the Strategist said, from the session's activity: each `strategic_advice` message it sent
 * the Conductor, and each revision it published to `strategist_guidelines`. Pure.
 */
export interface AdviceView {
  event_id: number;
  at: string;
  strategist_id: string | null;
  advice_type: string;
  recommendation: string;
  /** 0…1 as the Strategist stated it. */
  confidence: number | null;
  evidence: Record<string, unknown>;
}

export interface GuidelinesRevisionView {
  event_id: number;
  at: string;
  revision: number | null;
  recommendation: Record<string, unknown> | null;
  warning: Record<string, unknown> | null;
  companion_strategy: Record<string, unknown> | null;
}

export function adviceViews(events: readonly DelegationEventRow[]): AdviceView[] {
  return events
    .filter((e) => e.kind === 'strategic_advice')
    .map((e) => {
      const m = messageOf(e);
      return {
        event_id: e.id,
        at: e.at.toISOString(),
        strategist_id: typeof m.strategist_id === 'string' ? m.strategist_id : e.actor,
        advice_type: typeof m.advice_type === 'string' ? m.advice_type : 'advice',
        recommendation: typeof m.recommendation === 'string' ? m.recommendation : '',
        confidence: typeof m.confidence === 'number' ? m.confidence : null,
        evidence: isRecord(m.evidence) ? m.evidence : {},
      };
    });
}

export function guidelinesRevisions(events: readonly DelegationEventRow[]): GuidelinesRevisionView[] {
  return events
    .filter((e) => e.kind === 'guidelines_updated')
    .map((e) => ({
      event_id: e.id,
      at: e.at.toISOString(),
      revision: typeof e.payload.revision === 'number' ? e.payload.revision : null,
      recommendation: isRecord(e.payload.recommendation) ? e.payload.recommendation : null,
      warning: isRecord(e.payload.warning) ? e.payload.warning : null,
      companion_strategy: isRecord(e.payload.companionStrategy) ? e.payload.companionStrategy : null,
    }));
}
