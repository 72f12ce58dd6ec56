import { asRecord, str } from '@/lib/is-record';
/**
 * One line of detail per session event, from the event's compact detail (server/delegation/
 * activity.ts): what was delegated, how far it got, what came back, why a message was rejected.
 * Pure, tested. Null when the event's kind says it all.
 */
type Detail = Record<string, unknown>;

const rec = (v: unknown): Detail => asRecord(v);

export function activityLine(kind: string, d: Detail): string | null {
  switch (kind) {
    case 'task_delegated':
    case 'task_offered':
      return str(d.description);
    case 'task_progress': {
      const pct = typeof d.progress_pct === 'number' ? `${Math.round(d.progress_pct)}%` : '?%';
      return `${pct}${str(d.status_message) ? ` — ${d.status_message as string}` : ''}`;
    }
    case 'task_result':
      return d.status === 'failed'
        ? `failed: ${str(d.error) ?? str(d.summary) ?? 'no reason given'}`
        : `succeeded: ${str(d.summary) ?? 'no summary'}`;
    case 'task_cancelled':
      return str(d.reason);
    case 'companion_created':
      return [str(d.name), str(d.specialization) && `(${d.specialization as string})`].filter(Boolean).join(' ') || null;
    case 'companion_status':
      return [str(d.status), str(d.specialization) && `· ${d.specialization as string}`].filter(Boolean).join(' ') || null;
    case 'companion_dismissed':
      return [str(d.name), str(d.reason) && `— ${d.reason as string}`].filter(Boolean).join(' ') || null;
    case 'strategic_advice': {
      const m = rec(d.message);
      return str(m.recommendation);
    }
    case 'guidelines_updated':
      return typeof d.revision === 'number' ? `revision ${d.revision}` : null;
    case 'session_context_updated':
      return Array.isArray(d.fields) && d.fields.length ? `changed ${d.fields.join(', ')}` : null;
    case 'message_rejected':
      return str(d.reason);
    case 'session_finalized': {
      if (typeof d.companions_dismissed !== 'number') return null;
      const n = d.companions_dismissed;
      return `${n} Companion${n === 1 ? '' : 's'} dismissed${str(d.archive_path) ? `; archived to ${d.archive_path as string}` : ''}`;
    }
    default:
      return null;
  }
}
