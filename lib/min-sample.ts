/**
 * The fewest calls or decisions a mean, rate or agreement figure stands on before it is read as one
 * (the dashboard's headlines, the calibration results). Below it a figure is still stated, marked thin.
 * In lib/ so the server (calibration results, their CSV and the chat) and the pages share one number.
 */
export const MIN_SAMPLE = 10;

/** A figure over `n` calls or decisions is thin: stated, but not to be read much into. */
export const isThin = (n: number): boolean => n < MIN_SAMPLE;

/**
 * How a thin figure says so, the same words on the dashboard and in the chat: "too few scored calls to
 * read much into (a headline needs 10)". `of` is what was counted, `what` the kind of figure.
 */
export function tooFewWords(of: string, what: string): string {
  return `too few ${of} to read much into (${what} needs ${MIN_SAMPLE})`;
}
