import { Badge } from '@/components/ui/badge';
import { EvidenceList } from '@/components/companions/evidence-list';
import { durationWords } from '@/components/companions/format';
import { JsonBlock } from '@/components/ui/json-block';
import type { ProtocolMessage } from './protocol-message';
import { isRecord } from '@/lib/is-record';

const timeTitle = (at?: string) => (at ? new Date(at).toLocaleString('en-GB', { timeZone: 'Europe/London' }) : undefined);

/** The Strategist's advice to the Conductor (strategic_advice): what, why, how sure. */
export function AdviceCard({ m, from, at }: { m: ProtocolMessage; from: string; at?: string }) {
  const a = m.message;
  return (
    <section
      aria-label="Strategist advice"
      className="max-w-[85%] rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm"
      data-testid="chat-advice-card"
      title={timeTitle(at)}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium tracking-wide text-sky-800 uppercase">Advice from {from}</span>
        {typeof a.advice_type === 'string' && <Badge tone="info">{a.advice_type.replace(/_/g, ' ')}</Badge>}
        {typeof a.confidence === 'number' && <span className="text-xs text-slate-600">{Math.round(a.confidence * 100)}% confident</span>}
      </p>
      <p className="mt-1 text-slate-900">{typeof a.recommendation === 'string' ? a.recommendation : ''}</p>
      {isRecord(a.evidence) && <EvidenceList evidence={a.evidence} label="Evidence" />}
      <p className="mt-2 text-xs text-slate-500">It applies from the Conductor’s next delegation.</p>
    </section>
  );
}

function noteText(m: ProtocolMessage): { text: string; tone: 'plain' | 'ok' | 'bad' } {
  const x = m.message;
  const task = typeof x.task_id === 'string' ? x.task_id : '?';
  if (m.kind === 'task_progress') {
    const pct = typeof x.progress_pct === 'number' ? Math.round(x.progress_pct) : '?';
    const status = typeof x.status_message === 'string' ? ` — ${x.status_message}` : '';
    return { text: `progress on ${task}: ${pct}%${status}`, tone: 'plain' };
  }
  if (m.kind === 'task_result') {
    const metrics = isRecord(x.metrics) ? x.metrics : {};
    const took = typeof metrics.duration_s === 'number' ? ` in ${durationWords(metrics.duration_s)}` : '';
    return x.status === 'failed'
      ? { text: `task ${task} failed${took}`, tone: 'bad' }
      : { text: `task ${task} succeeded${took}`, tone: 'ok' };
  }
  return { text: `a ${m.kind.replace(/_/g, ' ')} message for ${task}`, tone: 'plain' };
}

/** A Companion's progress or result message, as one line (its delegation card above shows the whole task); the message itself folds out. */
export function ProtocolNote({ m, from, at }: { m: ProtocolMessage; from: string; at?: string }) {
  const { text, tone } = noteText(m);
  const colour = tone === 'ok' ? 'text-emerald-800' : tone === 'bad' ? 'text-red-700' : 'text-slate-600';
  return (
    <details className="group max-w-[85%] text-xs" data-testid="chat-protocol-note" data-kind={m.kind}>
      <summary
        className={
          'flex cursor-pointer list-none flex-wrap items-center gap-x-1.5 rounded px-1 py-0.5 hover:bg-slate-100 ' +
          'focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden'
        }
        title={timeTitle(at)}
      >
        <span aria-hidden className="text-[9px] text-slate-500 transition-transform group-open:rotate-90">
          ▶
        </span>
        <span className="text-slate-500">{from}:</span>
        <span className={colour}>{text}</span>
      </summary>
      <div className="mt-1 pl-4">
        <JsonBlock value={m.message} label={`The ${m.kind} message`} maxHeight="max-h-60" />
      </div>
    </details>
  );
}
