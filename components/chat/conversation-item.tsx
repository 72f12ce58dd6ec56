'use client';
import { ukExact } from '@/lib/uk-time';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { MODES, modeOf, relativeTime } from './format';
import type { Conversation } from './types';
import { useConversationMutations } from './use-conversation-actions';

type Props = {
  conversation: Conversation;
  selected: boolean;
  answering: boolean;
  now: number;
  onSelect(): void;
  onDeleted(): void;
};

const SMALL = 'px-2 py-0.5 text-xs';

/**
 * One conversation in the list: title, mode, when it last changed; rename in place (Enter saves,
 * Escape cancels) and delete after a confirmation (it deletes the conversation's agent too).
 */
export function ConversationItem({ conversation: c, selected, answering, now, onSelect, onDeleted }: Props) {
  const { rename, remove } = useConversationMutations();
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm-delete'>('view');
  const [title, setTitle] = useState(c.title);
  const m = MODES[modeOf(c.mode)];

  const cancelRename = () => {
    setTitle(c.title);
    setMode('view');
  };
  const startRename = () => {
    setTitle(c.title);
    setMode('rename');
  };

  const saveTitle = (e: FormEvent) => {
    e.preventDefault();
    const t = title.trim();
    if (!t || t === c.title) return setMode('view');
    rename.mutate({ conversation_id: c.id, title: t }, { onSuccess: () => setMode('view') });
  };

  return (
    <li
      className={`group rounded-lg border ${selected ? 'border-indigo-200 bg-indigo-50' : 'border-transparent hover:bg-slate-50'}`}
      data-testid="chat-conversation"
      data-conversation-id={c.id}
      data-selected={selected ? 'true' : 'false'}
    >
      {mode === 'rename' ? (
        <form onSubmit={saveTitle} className="space-y-1.5 p-2" onKeyDown={(e) => e.key === 'Escape' && cancelRename()}>
          <label className="block text-xs font-medium text-slate-600" htmlFor={`rename-${c.id}`}>
            New title
          </label>
          <input
            id={`rename-${c.id}`}
            autoFocus
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
            className={`${FIELD} w-full`}
          />
          {rename.isError && (
            <p role="alert" className="text-xs text-red-700">
              {errorMessage(rename.error)}
            </p>
          )}
          <div className="flex gap-1.5">
            <Button type="submit" variant="primary" className={SMALL} disabled={rename.isPending || !title.trim()}>
              {rename.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button className={SMALL} onClick={cancelRename}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <button
            type="button"
            onClick={onSelect}
            aria-current={selected ? 'page' : undefined}
            className="block w-full rounded-lg px-3 pt-2 pb-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <span className="line-clamp-2 text-sm font-medium break-words text-slate-900">{c.title}</span>
            <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
              <Badge tone={c.mode === 'conductor' ? 'info' : 'neutral'} title={`${m.label}: ${m.mode}`}>
                {m.label}
              </Badge>
              <time dateTime={c.updatedAt} title={ukExact(c.updatedAt)}>
                {relativeTime(c.updatedAt, now)}
              </time>
              {answering && <span className="text-indigo-700">· answering…</span>}
            </span>
          </button>
          {mode === 'confirm-delete' ? (
            <div role="group" aria-label={`Delete “${c.title}”?`} className="space-y-1.5 px-3 pb-2">
              <p className="text-xs text-slate-700">Delete this conversation and its agent? This cannot be undone.</p>
              {remove.isError && (
                <p role="alert" className="text-xs text-red-700">
                  {errorMessage(remove.error)}
                </p>
              )}
              <div className="flex gap-1.5">
                <Button
                  variant="danger"
                  className={SMALL}
                  autoFocus
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ conversation_id: c.id }, { onSuccess: onDeleted })}
                >
                  {remove.isPending ? 'Deleting…' : 'Delete'}
                </Button>
                <Button className={SMALL} onClick={() => setMode('view')} disabled={remove.isPending}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <div className={`flex gap-1 px-2 pb-1.5 ${selected ? '' : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100'}`}>
              <Button variant="ghost" className={SMALL} onClick={startRename} aria-label={`Rename “${c.title}”`}>
                Rename
              </Button>
              <Button
                variant="ghost"
                className={`${SMALL} text-red-700 hover:text-red-800`}
                onClick={() => setMode('confirm-delete')}
                disabled={answering}
                title={answering ? 'Wait until the agent has answered, or stop it, before deleting.' : undefined}
                aria-label={`Delete “${c.title}”`}
              >
                Delete
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
