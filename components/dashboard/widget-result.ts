import { isFailure } from '@/server/tool-result';

/**
 * A dashboard procedure's answer as the page reads it (pure): the widget's figures, or the reason
 * it has none. The procedures answer with the contract's shape (server/dashboard/schemas.ts), in
 * the tools' envelope when they serve a tool (`status: "ok"` beside the fields, or a failure with
 * `error`); both read the same here.
 */
export type WidgetResult<T> = { ok: true; data: T } | { ok: false; error: string };

export function widgetResult<T>(answer: unknown): WidgetResult<T> {
  if (isFailure(answer)) return { ok: false, error: answer.error };
  if (!answer || typeof answer !== 'object') return { ok: false, error: 'The server sent no figures.' };
  return { ok: true, data: answer as T };
}
