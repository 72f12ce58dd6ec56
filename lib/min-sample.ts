/**
 * The fewest calls or decisions a mean, rate or agreement figure stands on before it is read as one
 * (the dashboard's headlines, the calibration results). Below it a figure is still stated, marked thin.
 * In lib/ so the server (calibration results, their CSV and the chat) and the pages share one number.
 */
export const MIN_SAMPLE = 10;
