'use client';
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { blockValueProblems, isJsonDocument } from '@/lib/block-rules';
import { CharMeter } from './char-meter';
import { countText } from './format';
import type { AgentBlock, AgentDetail } from './types';

type Props = {
  agent: Pick<AgentDetail, 'id' | 'session'>;
  block: AgentBlock;
  onClose(saved?: { revision: number; changed: boolean }): void;
};

const trpcCode = (err: unknown) => (err as { data?: { code?: string } } | null)?.data?.code;

/** What the admin should know before changing this block. */
function EditNotes({ agent, block }: Pick<Props, 'agent' | 'block'>) {
  const notes: string[] = [];
  if (block.read_only) {
    notes.push(
      'Agents hold this block read-only: only the console’s tools write it. Your value is kept, and their next write starts from it.',
    );
  }
  if (block.shared_with.length)
    notes.push(`It is shared: the change applies to ${block.shared_with.map((a) => a.name).join(', ')} as well.`);
  if (isJsonDocument(block.value)) notes.push('It holds a JSON document that tools parse: it must stay a JSON object or array.');
  if (agent.session) notes.push(`The change is recorded in the activity of session ${agent.session.id.slice(0, 8)}….`);
  notes.push('It is saved as a new revision with you as its writer, and audited.');
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-600">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/**
 * Edits a block's whole value: the character count and the block's rules are checked as the
 * admin types (the server checks them again), and the save is refused when the block changed
 * since the editor opened — the admin then chooses to keep their text over the new value or to
 * start again from it. Ctrl+Enter (⌘+Enter) saves.
 */
export function BlockEditor({ agent, block, onClose }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useId();
  const [base, setBase] = useState(block.value);
  const [draft, setDraft] = useState(block.value);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<{ conflict: boolean; text: string } | null>(null);
  const problems = blockValueProblems({ label: block.label, limit: block.limit, value: base }, draft);
  const changed = draft !== base;
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.agents.get.pathFilter());
    void queryClient.invalidateQueries(trpc.agents.blockRevisions.queryFilter({ block_id: block.id }));
  };
  const save = useMutation(
    trpc.agents.updateBlock.mutationOptions({
      onSuccess: (r) => {
        refresh();
        onClose({ revision: r.revision, changed: r.changed });
      },
      onError: (err) => {
        const conflict = trpcCode(err) === 'CONFLICT';
        setFailure({ conflict, text: errorMessage(err) });
        if (conflict) refresh();
      },
    }),
  );
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!changed || problems.length || save.isPending) return;
    setFailure(null);
    save.mutate({
      agent_id: agent.id,
      block_id: block.id,
      value: draft,
      expected_value: base,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
  };
  const reloaded = block.value !== base;
  /** After a conflict: edit on from the block's new value, keeping the admin's text or not. */
  const rebase = (discardDraft: boolean) => {
    setBase(block.value);
    if (discardDraft) setDraft(block.value);
    setFailure(null);
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-indigo-200 bg-indigo-50/40 p-3"
      aria-label={`Edit ${block.label}`}
      data-testid="block-editor"
    >
      <EditNotes agent={agent} block={block} />
      <label className="grid gap-1 text-sm">
        <span className="font-medium">New value of {block.label}</span>
        <textarea
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          }}
          rows={Math.min(18, Math.max(4, draft.split('\n').length + 1))}
          spellCheck={false}
          aria-describedby={`${ids}-meter ${ids}-problems ${ids}-hint`}
          aria-invalid={problems.length > 0}
          className={`${FIELD} font-mono text-xs leading-5`}
        />
      </label>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CharMeter chars={draft.length} limit={block.limit} id={`${ids}-meter`} />
        <span className="text-xs text-slate-500 tabular-nums">
          {changed
            ? `${draft.length - base.length >= 0 ? '+' : '−'}${countText(Math.abs(draft.length - base.length))} characters`
            : 'No change yet'}
        </span>
      </div>
      <div id={`${ids}-problems`} aria-live="polite">
        {problems.map((p) => (
          <p key={p.code} className="text-sm font-medium text-red-700" data-testid="block-problem">
            {p.message}
          </p>
        ))}
      </div>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">
          Why <span className="font-normal text-slate-500">(optional; kept with the revision)</span>
        </span>
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={300}
          className={FIELD}
          placeholder="e.g. the user corrected their name"
        />
      </label>
      {failure && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{failure.text}</p>
          {failure.conflict && (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button disabled={!reloaded} onClick={() => rebase(false)}>
                {reloaded ? 'Keep my text over the new value' : 'Reading the new value…'}
              </Button>
              <Button variant="ghost" disabled={!reloaded} onClick={() => rebase(true)}>
                Start again from the new value
              </Button>
            </div>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={!changed || problems.length > 0 || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save value'}
        </Button>
        <Button variant="ghost" onClick={() => onClose()} disabled={save.isPending}>
          Cancel
        </Button>
        <span id={`${ids}-hint`} className="text-xs text-slate-500">
          Ctrl+Enter saves.
        </span>
      </div>
    </form>
  );
}
