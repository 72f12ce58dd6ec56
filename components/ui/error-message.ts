/**
 * A readable message for a failed tRPC call. Input validation failures carry `data.issues`
 * (the server's error formatter: `{path, code, message}` per issue); prefer those over the raw
 * ZodError text, which is JSON meant for machines.
 */
export function errorMessage(err: unknown): string {
  if (!err || typeof err !== 'object') return String(err ?? 'Unknown error');
  const data = (err as { data?: { issues?: Array<{ message: string }> | null } }).data;
  if (data?.issues?.length) return data.issues.map((i) => i.message).join('; ');
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : 'Unknown error';
}
