'use client';
import { ukTime } from '@/lib/uk-time';
import { Badge } from '@/components/ui/badge';
import { JsonBlock } from '@/components/ui/json-block';
import { durationText } from '@/components/chat/format';
import { useNow } from '@/components/hooks/use-now';
import { leaseLeft } from '@/components/editor/canvas/nodes/run-band';
import { skillLabel } from '@/components/graph/skill-chip';
import { RunEventList } from './run-event-list';
import type { Instance } from './types';

const TONE = { pending: 'neutral', running: 'info', done: 'ok', failed: 'bad' } as const;
const time = (iso: string | null) => ukTime(iso);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-1">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      {children}
    </section>
  );
}

/**
 * Everything about one state instance: status and attempts, the live lease with its countdown,
 * timings, the skill that ran and any swap (with the policy's reason), the effective input
 * (after InputPath → Parameters), the output and the Task's data-plane envelope, and its events.
 */
export function InstanceDetails({ i }: { i: Instance }) {
  const now = useNow(i.lease ? 1000 : 3_600_000);
  const took = i.started_at && i.finished_at ? Date.parse(i.finished_at) - Date.parse(i.started_at) : null;
  return (
    <div className="space-y-4" data-testid="instance-details" data-instance={i.instance} data-status={i.status}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={TONE[i.status]}>{i.status}</Badge>
        <span data-testid="instance-attempts">
          {i.attempts} {i.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        <span className="text-slate-500">· {i.type}</span>
      </div>
      {i.lease && (
        <p className="text-sm" data-testid="instance-lease">
          Lease held by <span className="font-mono">{i.lease.owner}</span>
          {i.lease.expires_at && (
            <>
              {' '}
              · expires in <span className="tabular-nums">{leaseLeft(Date.parse(i.lease.expires_at), now)}</span>
            </>
          )}
        </p>
      )}
      {i.last_error && (
        <p
          className={`rounded-md px-3 py-2 font-mono text-xs break-words ${i.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
          data-testid="instance-error"
        >
          {i.status === 'failed' ? '' : 'Recovered from: '}
          {i.last_error}
        </p>
      )}
      <Section title="Timings">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-slate-500">Entered</dt>
          <dd>{time(i.entered_at)}</dd>
          <dt className="text-slate-500">Started</dt>
          <dd>{time(i.started_at)}</dd>
          <dt className="text-slate-500">Finished</dt>
          <dd>
            {time(i.finished_at)}
            {took !== null && <span className="text-slate-500"> · took {durationText(took)}</span>}
          </dd>
        </dl>
      </Section>
      {i.skill && (
        <Section title="Skill">
          <p className="text-sm" data-testid="instance-skill">
            Ran <span className="font-mono">{i.skill.used ? skillLabel(i.skill.used) : '—'}</span>
            {i.skill.bound.length > 0 && <span className="text-slate-500"> (bound: {i.skill.bound.map(skillLabel).join(', ')})</span>}
          </p>
          {i.skill.swaps.map((s, n) => (
            <p key={n} className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="instance-swap">
              Swapped <span className="font-mono">{s.from ? skillLabel(s.from) : '?'}</span> →{' '}
              <span className="font-mono">{skillLabel(s.to)}</span>
              {s.reason && <> after {s.reason}</>}
              {s.policy && (
                <>
                  {' '}
                  · chosen by {s.policy}
                  {s.explored ? ' (exploring)' : ''}
                </>
              )}
              {s.rationale && <span className="block text-amber-800">{s.rationale}</span>}
            </p>
          ))}
        </Section>
      )}
      {i.branches && (
        <Section title={i.type === 'Map' ? 'Iterations' : 'Branches'}>
          <p className="text-sm tabular-nums">
            {i.branches.done} done, {i.branches.failed} failed, {Math.max(0, i.branches.started - i.branches.done - i.branches.failed)}{' '}
            running, {i.branches.total - i.branches.started} not started, of {i.branches.total}
          </p>
        </Section>
      )}
      <Section title="Effective input">
        {i.effective_input === null || i.effective_input === undefined ? (
          <p className="text-sm text-slate-500">Not computed yet.</p>
        ) : (
          <JsonBlock value={i.effective_input} label={`Effective input of ${i.instance}`} maxHeight="max-h-64" />
        )}
      </Section>
      {i.data !== null && i.data !== undefined && (
        <Section title="Data-plane output">
          <JsonBlock value={i.data} label={`Data-plane output of ${i.instance}`} maxHeight="max-h-64" />
        </Section>
      )}
      {i.output !== null && i.output !== undefined && (
        <Section title="State output">
          <JsonBlock value={i.output} label={`Output of ${i.instance}`} maxHeight="max-h-64" />
        </Section>
      )}
      <Section title="Events">
        <RunEventList events={i.events} label={`Events of ${i.instance}`} />
      </Section>
    </div>
  );
}
