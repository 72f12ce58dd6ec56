'use client';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { capitalize } from './format';

/** The server refuses longer messages (server/chat/stream-turn.ts MAX_MESSAGE_CHARS). */
const MAX_CHARS = 20_000;

type Props = {
  /** Who the message goes to ("the Planner"), for the label. */
  agentLabel: string;
  /** A turn of this conversation is in progress: the input waits, the stop button shows. */
  busy: boolean;
  /** Why the user cannot write at all (no platform, conversation on another platform), or null. */
  blocked: string | null;
  /** Sends; calls `accepted` once the server took the message (then the draft is cleared). */
  onSend(content: string, accepted: () => void): void;
  onStop(): void;
};

/** The message box: Enter sends, Shift+Enter is a new line; disabled while the agent answers. */
export function Composer({ agentLabel, busy, blocked, onSend, onStop }: Props) {
  const [draft, setDraft] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const stopId = useId();
  const wasBusy = useRef(busy);
  const content = draft.trim();
  const tooLong = draft.length > MAX_CHARS;
  const canSend = !busy && !blocked && content !== '' && !tooLong;

  // Focus follows the turn when it was in the composer: to Stop while the agent answers, back to
  // the box afterwards (unless the user went elsewhere meanwhile).
  useEffect(() => {
    const active = document.activeElement;
    const here = !active || active === document.body || (form.current?.contains(active) ?? false);
    if (busy && !wasBusy.current && here) document.getElementById(stopId)?.focus();
    if (!busy && wasBusy.current && here) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy, stopId]);

  // Grow with the text up to a limit, then scroll.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [draft]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    const sent = draft;
    onSend(content, () => setDraft((d) => (d === sent ? '' : d)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const hintId = 'chat-input-hint';
  return (
    <form ref={form} onSubmit={submit} className="border-t border-slate-200 bg-white p-3" aria-label={`Message to ${agentLabel}`}>
      <label htmlFor="chat-input" className="sr-only">
        Message to {agentLabel}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id="chat-input"
          ref={ref}
          data-testid="chat-input"
          rows={1}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={busy || blocked !== null}
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          placeholder={blocked ?? (busy ? `${capitalize(agentLabel)} is answering…` : `Message ${agentLabel}`)}
          className={
            'max-h-60 min-h-[2.5rem] flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 ' +
            'text-sm leading-6 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 ' +
            'disabled:bg-slate-50 disabled:text-slate-500'
          }
        />
        {busy ? (
          <Button id={stopId} variant="danger" onClick={onStop} data-testid="chat-stop" className="h-10">
            <span aria-hidden className="size-2.5 rounded-sm bg-current" />
            Stop
          </Button>
        ) : (
          <Button variant="primary" type="submit" disabled={!canSend} data-testid="chat-send" className="h-10">
            Send
          </Button>
        )}
      </div>
      <p id={hintId} className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>
          {busy ? 'Stop cancels the turn; what the agent did so far stays in the history.' : 'Enter sends · Shift+Enter for a new line'}
        </span>
        {draft.length > MAX_CHARS * 0.9 && (
          <span className={tooLong ? 'font-medium text-red-700' : ''}>
            {draft.length.toLocaleString('en-GB')} / {MAX_CHARS.toLocaleString('en-GB')}
          </span>
        )}
      </p>
    </form>
  );
}
