/** What `beforeDeadline` answers when the work did not settle in time. */
export const LATE = Symbol('late');

/**
 * The work's value, or LATE once `ms` have passed without it settling. The work is not cancelled —
 * it goes on and its later outcome is ignored (the race has subscribed to it, so a late rejection
 * is never reported as unhandled).
 * No timer outlives the answer.
 */
export async function beforeDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
