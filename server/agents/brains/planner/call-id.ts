/**
 * What a call id looks like in a message, for any lender: a token of letters, digits and dashes
 * with at least one dash, one letter and three digits (`REC-88310`, `CALL-25-000123`,
 * `a1b2-c3d4-9f00`). Dates (`2024-07-01`: no letter), rule ids (`FCA-DISC-02`: two digits) and
 * names (`Lefèvre-Martin`: no digit) are not. The format is not the Planner's to know: a token is
 * only a candidate, and whether it is a call is checked against the data (list_qa_results by
 * call_id) before anything is said about it.
 */
const TOKEN = /(?<![\p{L}\p{N}-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![\p{L}\p{N}-])/gu;
const ID_LIKE = (t: string) => /[A-Za-z]/.test(t) && (t.match(/\d/g)?.length ?? 0) >= 3 && !/^[A-Za-z]+-\d{4}$/.test(t);

/** The candidate call ids of `text`, in order, once each, upper-cased (ids are matched ignoring case). */
export function callIdsIn(text: string): string[] {
  return [...new Set((text.match(TOKEN) ?? []).filter(ID_LIKE).map((t) => t.toUpperCase()))];
}

/** The regular expression form for a single test (`CALL_ID.test(text)`): true when `text` names a candidate call id. */
export const CALL_ID = { test: (text: string): boolean => callIdsIn(text).length > 0 };
