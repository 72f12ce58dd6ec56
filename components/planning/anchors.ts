/** In-page ids of a plan's timeline rows, so a finding can link to its evidence (pure). */
export const callAnchor = (planId: string, recordId: string) => `plan-${planId.slice(0, 8)}-call-${recordId}`;
export const intentAnchor = (planId: string, index: number) => `plan-${planId.slice(0, 8)}-step-${index + 1}`;
