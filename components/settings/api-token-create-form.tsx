'use client';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import type { CreatedApiToken } from './types';

const EMPTY = { name: '', agentName: '', access: 'read' as 'read' | 'write' };

/**
 * Creates an API token for the MCP endpoint: what it is for, the agent it acts as (the actor in
 * the audit log) and its scope. The token comes back once, to `onCreated`.
 */
export function ApiTokenCreateForm({ onCreated }: { onCreated(created: CreatedApiToken): void }) {
  const trpc = useTRPC();
  const [form, setForm] = useState(EMPTY);
  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: (created) => {
        setForm(EMPTY);
        onCreated(created);
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name: form.name, agentName: form.agentName, scopes: form.access === 'write' ? ['read', 'write'] : ['read'] });
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Create API token"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-end"
    >
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Token name</span>
        <input
          type="text"
          required
          maxLength={120}
          autoComplete="off"
          placeholder="e.g. Letta planner (staging)"
          className={FIELD}
          value={form.name}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Agent name</span>
        <input
          type="text"
          required
          maxLength={120}
          autoComplete="off"
          placeholder="e.g. planner-agent"
          aria-describedby="api-token-agent-hint"
          className={`${FIELD} font-mono`}
          value={form.agentName}
          onChange={(e) => setForm((f) => ({ ...f, agentName: e.target.value }))}
        />
      </label>
      <fieldset className="grid gap-1 text-sm">
        <legend className="mb-1 font-medium">Scope</legend>
        <div className="flex gap-3">
          {(['read', 'write'] as const).map((a) => (
            <label key={a} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="api-token-scope"
                value={a}
                checked={form.access === a}
                onChange={() => setForm((f) => ({ ...f, access: a }))}
              />
              {a === 'read' ? 'Read (read-only tools)' : 'Write (all tools)'}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create token'}
      </Button>
      <p id="api-token-agent-hint" className="text-xs text-slate-500 sm:col-span-2 lg:col-span-4">
        The agent name is recorded as the actor of every call made with the token (letters, digits and . _ : @ -).
      </p>
      {create.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2 lg:col-span-4">
          Could not create the token: {errorMessage(create.error)}
        </p>
      )}
    </form>
  );
}
