'use client';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { MODES, type ChatMode } from './format';
import { useCreateConversation } from './use-conversation-actions';

/** The two modes as buttons that start a conversation each. */
export function ModeChoices({
  onCreated,
  disabled,
  autoFocus = false,
}: {
  onCreated(id: string): void;
  disabled?: string | null;
  autoFocus?: boolean;
}) {
  const create = useCreateConversation();
  const [mode, setMode] = useState<ChatMode | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, [autoFocus]);
  const start = (m: ChatMode) => {
    setMode(m);
    create.mutate({ mode: m }, { onSuccess: (c) => onCreated(c.id) });
  };
  return (
    <div className="space-y-2">
      {(Object.keys(MODES) as ChatMode[]).map((m, i) => (
        <button
          key={m}
          ref={i === 0 ? first : undefined}
          type="button"
          onClick={() => start(m)}
          disabled={create.isPending || !!disabled}
          title={disabled ?? undefined}
          data-testid={`chat-new-${m}`}
          className={
            'block w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-left ' +
            'hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
            'disabled:cursor-not-allowed disabled:opacity-60'
          }
        >
          <span className="flex items-center justify-between gap-2 text-sm font-medium text-slate-900">
            {MODES[m].label} <span className="text-xs font-normal text-slate-500">{MODES[m].mode}</span>
          </span>
          <span className="mt-0.5 block text-xs text-slate-600">
            {create.isPending && mode === m ? 'Creating the agent…' : MODES[m].purpose}
          </span>
        </button>
      ))}
      {create.isError && (
        <p role="alert" className="text-xs text-red-700">
          The conversation could not be started: {errorMessage(create.error)}
        </p>
      )}
    </div>
  );
}

/** "New conversation": opens the choice of Planner (workflow mode) or Conductor (delegated mode). Escape closes it. */
export function NewConversation({ onCreated, disabled }: { onCreated(id: string): void; disabled: string | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleId = useId();
  return (
    <div
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          document.getElementById(toggleId)?.focus();
        }
      }}
    >
      <Button
        id={toggleId}
        variant="primary"
        className="w-full"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-new"
      >
        New conversation
      </Button>
      {open && (
        <div id={panelId} className="mt-2" role="group" aria-label="Kind of conversation">
          <ModeChoices
            autoFocus
            disabled={disabled}
            onCreated={(id) => {
              setOpen(false);
              onCreated(id);
            }}
          />
        </div>
      )}
    </div>
  );
}
