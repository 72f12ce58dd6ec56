/**
 * The advice-call analysis as functions feeding each other (spec §2.2, §3.2): which input each
 * function's skill takes and where it comes from. The skills' parameter names are not known here —
 * they come from each manifest's tool (get_skillset) and are matched by what each parameter is for
 * (`match`); the value comes from a JSONPath into whatever document the analysis runs over (`path`:
 * a workflow's state data, or a delegated task's data) or is a literal (`value`).
 *
 * One description of the shape, used by the Planner to compose workflows (planner/compose.ts) and
 * by the Conductor to plan delegated tasks (conductor/call-review-plan.ts).
 */
export type Binding = { match: RegExp; path?: string; value?: unknown };

/**
 * The QA scorecard of spec §1.5 (the "existing QA scorecard"). The compliance rulebook is not named
 * here: it is the lender's (the CRM's list_products → rule_set_id), a run input (`RULE_SET_INPUT`)
 * that the start fills from the CRM when left out (server/tools/runtime/crm-inputs.ts).
 */
export const RULE_SET_INPUT = 'rule_set_id';
export const SCORING_FORMULA = 'qa_scoring_formula_v3';

export const analysisBindings = {
  /** Loan applications over a date range, of one advisor when `advisor` is given. */
  applications: (p: { advisor?: string; start: string; end: string }): Binding[] => [
    ...(p.advisor ? [{ match: /advis/, path: p.advisor }] : []),
    { match: /start/, path: p.start },
    { match: /end/, path: p.end },
  ],
  recordings: (applicationIds: string): Binding[] => [{ match: /application/, path: applicationIds }],
  transcription: (recordingUri: string): Binding[] => [{ match: /recording|audio|uri$|file/, path: recordingUri }],
  sentiment: (text: string): Binding[] => [{ match: /text|transcript/, path: text }],
  /** `ruleSet`: where the rule set id is read (a run input, `$.rule_set_id`), or a literal binding kept from a saved workflow. */
  compliance: (text: string, ruleSet: string | Binding): Binding[] => [
    { match: /transcript|text/, path: text },
    typeof ruleSet === 'string' ? { match: /rule/, path: ruleSet } : ruleSet,
  ],
  scoring: (sentimentReport: string, verdicts: string, formula = SCORING_FORMULA): Binding[] => [
    { match: /sentiment/, path: sentimentReport },
    { match: /compliance|verdict/, path: verdicts },
    { match: /formula|scorecard|rubric/, value: formula },
  ],
};
