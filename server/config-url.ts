import { z } from 'zod';

/** An optional URL setting of one of `protocols` (an empty value counts as unset); `what` names it in errors. */
export const optionalUrl = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || isUrlWithProtocol(v, protocols), {
      message: `must be a ${what} URL (${protocols.map((p) => p + '//').join(' or ')}…)`,
    });

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
