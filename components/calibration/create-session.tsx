'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { MAX_SESSION_CALLS } from '@/lib/calibration/session';
import { ROLE_LABELS } from '@/lib/roles';
import { UkDateInput } from '@/components/ui/uk-date-input';

const LABEL = 'flex flex-col gap-1';
const CAPTION = 'text-xs font-medium text-slate-600';

/**
 * "New calibration session" (leads): a name, the calls — the QA queue's filter (advisor, period, a
 * rule the AI failed) and the newest N or a random N (its seed recorded, or given to draw the same
 * calls again) — the reviewers (compliance managers and admins) and a due date. The server checks
 * it all again; its refusal is shown under the button.
 */
export function CreateSession({ onCreated }: { onCreated: (id: string) => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const options = useQuery(trpc.qa.options.queryOptions());
  const people = useQuery(trpc.calibration.reviewerChoices.queryOptions());
  const [f, setF] = useState({
    name: '',
    advisor: '',
    from: '',
    to: '',
    rule: '',
    method: 'random' as 'random' | 'newest',
    size: 10,
    seed: '',
    due: '',
  });
  const [reviewers, setReviewers] = useState<string[]>([]);
  const create = useMutation(
    trpc.calibration.create.mutationOptions({
      onSuccess: (r) => {
        void qc.invalidateQueries({ queryKey: trpc.calibration.list.queryKey() });
        if (r.status === 'ok') onCreated(r.session_id);
      },
    }),
  );
  const set = (patch: Partial<typeof f>) => setF((x) => ({ ...x, ...patch }));
  const filter = {
    ...(f.advisor ? { advisor: f.advisor } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.rule ? { rule_id: f.rule } : {}),
  };
  const submit = () =>
    create.mutate({
      name: f.name.trim(),
      sample: { filter, method: f.method, size: f.size, ...(f.method === 'random' && f.seed !== '' ? { seed: Number(f.seed) } : {}) },
      reviewer_ids: reviewers,
      due_date: f.due,
    });
  const refused = create.data?.status === 'error' ? create.data.error : create.isError ? create.error.message : null;
  // What the button waits for, said beside it rather than left to guess from a disabled button.
  const missing = [
    ...(f.name.trim() ? [] : ['a name']),
    ...(f.due ? [] : ['a due date']),
    ...(reviewers.length >= 2 ? [] : [`${2 - reviewers.length === 2 ? 'two reviewers' : 'one more reviewer'}`]),
  ];
  return (
    <Panel title="New calibration session">
      <form
        className="space-y-3 px-4 py-3 text-sm"
        data-testid="calibration-create"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-wrap items-end gap-3">
          <label className={`${LABEL} min-w-64 flex-1`}>
            <span className={CAPTION}>Name</span>
            <input className={FIELD} required maxLength={200} value={f.name} onChange={(e) => set({ name: e.target.value })} />
          </label>
          <label className={LABEL}>
            <span className={CAPTION}>Reviews due</span>
            <UkDateInput className={FIELD} required value={f.due} onValue={(v) => set({ due: v })} />
          </label>
        </div>
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-1 text-xs font-semibold text-slate-700">Calls, from the QA queue</legend>
          <label className={LABEL}>
            <span className={CAPTION}>Advisor</span>
            <select className={FIELD} value={f.advisor} onChange={(e) => set({ advisor: e.target.value })}>
              <option value="">Any advisor</option>
              {(options.data?.advisors ?? []).map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          </label>
          <label className={LABEL}>
            <span className={CAPTION}>Calls from</span>
            <UkDateInput className={FIELD} value={f.from} onValue={(v) => set({ from: v })} />
          </label>
          <label className={LABEL}>
            <span className={CAPTION}>to</span>
            <UkDateInput className={FIELD} value={f.to} onValue={(v) => set({ to: v })} />
          </label>
          <label className={LABEL}>
            <span className={CAPTION}>Failed rule (as reviewed, else the AI)</span>
            <select className={FIELD} value={f.rule} onChange={(e) => set({ rule: e.target.value })}>
              <option value="">Any verdict</option>
              {(options.data?.rules ?? []).map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <label className={LABEL}>
            <span className={CAPTION}>Choose</span>
            <select className={FIELD} value={f.method} onChange={(e) => set({ method: e.target.value as 'random' | 'newest' })}>
              <option value="random">A random sample</option>
              <option value="newest">The newest</option>
            </select>
          </label>
          <label className={LABEL}>
            <span className={CAPTION}>How many calls</span>
            <input
              className={`${FIELD} w-24`}
              type="number"
              min={1}
              max={MAX_SESSION_CALLS}
              value={f.size}
              onChange={(e) => set({ size: Number(e.target.value) })}
            />
          </label>
          {f.method === 'random' && (
            <label className={LABEL}>
              <span className={CAPTION}>Seed (empty: a new one, recorded)</span>
              <input className={`${FIELD} w-36`} type="number" min={0} value={f.seed} onChange={(e) => set({ seed: e.target.value })} />
            </label>
          )}
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-xs font-semibold text-slate-700">Reviewers (at least two)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(people.data ?? []).map((p) => (
              <label key={p.id} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={reviewers.includes(p.id)}
                  onChange={(e) => setReviewers((r) => (e.target.checked ? [...r, p.id] : r.filter((x) => x !== p.id)))}
                />
                {p.displayName} <span className="text-xs text-slate-500">({ROLE_LABELS[p.role]})</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-3">
          <Button type="submit" variant="primary" disabled={create.isPending || missing.length > 0} aria-describedby="calibration-missing">
            {create.isPending ? 'Creating…' : 'Create session'}
          </Button>
          {missing.length > 0 && (
            <p id="calibration-missing" className="text-sm text-slate-600" data-testid="calibration-missing">
              Still needed: {missing.join(', ')}.
            </p>
          )}
          {refused && (
            <p role="alert" className="text-red-700" data-testid="calibration-create-error">
              The session was not created: {refused}
            </p>
          )}
        </div>
      </form>
    </Panel>
  );
}
