/** Any JSON value, as handed over by the runner (parsed JSON: no undefined, no class instances). */
export type Json = unknown;

/** An ASL state object as it appears in the workflow document (validated, but typed loosely). */
export type AslState = Record<string, unknown>;

/** The `$$` context object (AWS Step Functions context object, JSONPath dialect). */
export interface ContextObject {
  Execution: { Id: string; Input: Json; Name: string; StartTime: string; RedriveCount?: number };
  State: { Name: string; EnteredTime: string; RetryCount: number };
  StateMachine: { Id: string; Name: string };
  Task?: { Token: string };
  Map?: { Item: { Index: number; Value: Json } };
}

/** Injected randomness (MathRandom, FULL jitter): a function returning a number in [0, 1). */
export type RandomSource = () => number;
