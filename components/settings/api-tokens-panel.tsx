'use client';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TableHead } from '@/components/ui/table-head';
import { ApiTokenCreateForm } from './api-token-create-form';
import { ApiTokenRow } from './api-token-row';
import type { CreatedApiToken, Notice } from './types';
import { NoticeLine } from './notice-line';

/**
 * Settings → API tokens (admins): bearer tokens for agents calling the MCP endpoint. A new token
 * is shown once, right after it is created (only its hash is stored); the list shows each token's
 * first characters, agent, scopes and last use, and revokes.
 */
export function ApiTokensPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);

  const refresh = () => {
    void queryClient.invalidateQueries(trpc.apiTokens.list.pathFilter());
    void queryClient.invalidateQueries(trpc.audit.list.pathFilter());
  };

  return (
    <div className="space-y-6">
      <Panel title="Create an API token">
        <ApiTokenCreateForm
          onCreated={(c) => {
            setCreated(c);
            setNotice(null);
            refresh();
          }}
        />
        {created && (
          <div role="status" className="mt-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-medium">Token “{created.info.name}” created. Copy it now: it is shown only this once.</p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-testid="new-api-token"
                className="break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 ring-1 ring-amber-200"
              >
                {created.token}
              </code>
              <CopyButton text={created.token} label="Copy the new token" />
              <Button variant="ghost" onClick={() => setCreated(null)}>
                Done
              </Button>
            </div>
          </div>
        )}
        <p className="mt-4 text-xs text-slate-500">
          Agents send it as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code> to{' '}
          <code className="font-mono">{origin}/api/mcp</code> (Streamable HTTP) or, for clients that need the older transport,{' '}
          <code className="font-mono">{origin}/api/mcp/sse</code>. Read tokens may call the read-only tools; write tokens every tool. Every
          call is in the audit log.
        </p>
      </Panel>
      <Panel title={tokens.data ? `API tokens (${tokens.data.length})` : 'API tokens'}>
        <NoticeLine notice={notice} />
        {tokens.isPending ? (
          <LoadingState label="Loading tokens…" />
        ) : tokens.isError ? (
          <ErrorState title="Tokens could not be loaded" message={errorMessage(tokens.error)} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.length === 0 ? (
          <EmptyState title="No API tokens yet">Create one above for each agent that calls the console’s tools.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="api-tokens-table">
              <caption className="sr-only">API tokens</caption>
              <TableHead columns={['Token', 'Agent', 'Scopes', 'Created', 'Last used', { label: 'Actions', align: 'right' }]} />
              <tbody className="divide-y divide-slate-100">
                {tokens.data.map((t) => (
                  <ApiTokenRow key={t.id} token={t} report={setNotice} refresh={refresh} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
