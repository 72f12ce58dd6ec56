import type { FindingType, SentinelFinding, SkillChoiceEvidence, ToolCallPlan, ToolCallRecord } from '../../../lib/planning/schemas.ts';

/**
 * What the sentinel judges: one plan with everything recorded against it so far. The tracker
 * (server/planning) reads it from its store and hands it over; the rules here do no I/O.
 */
export interface SentinelInput {
  plan: ToolCallPlan;
  /**
   * The plan's records in any order (sorted by `seq` here), model records and refusals included.
   * A refused record carries the cost units the call would have cost (that is how a refusal for
   * cost is told from one for calls or time); `intent_index` is not read: it is recomputed.
   */
  records: ToolCallRecord[];
  /** The plan's skill choices, one per call that named a skill of a capability with ≥ 2 skills. */
  choices: SkillChoiceEvidence[];
  /** Skill URI (as calls name it) → its capability, for intents that name a capability. */
  capabilityOf: Record<string, string>;
  /** The clock of a live check (ISO 8601 with offset); the end check uses the records' ends. */
  now: string;
}

/**
 * A finding before the store gives it an id and a time. `key` is stable per (plan, type, subject)
 * so that each finding is recorded once however often the checks run: the tracker keeps the keys
 * already recorded and passes them back as `already`.
 */
export type FindingDraft = Omit<SentinelFinding, 'id' | 'at'> & { key: string };

/** `<planId>:<type>:<subject>`; the subject is a dimension, a record id or an intent's position. */
export const findingKey = (planId: string, type: FindingType, subject: string): string => `${planId}:${type}:${subject}`;

/** Live during the plan or at its end (SentinelFinding.when). */
export type CheckTime = SentinelFinding['when'];
