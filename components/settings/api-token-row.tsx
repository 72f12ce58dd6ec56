'use client';
import { ukDate, ukDateTime } from '@/lib/uk-time';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import type { ApiToken, Notice } from './types';

/** One token: what it is for, its agent and scopes, who made it, when it was last used; revoking asks once more. */
export function ApiTokenRow({ token, report, refresh }: { token: ApiToken; report(n: Notice): void; refresh(): void }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions({
      onSuccess: (t) => report({ tone: 'ok', text: `Revoked “${t.name}”: requests with it are refused from now on.` }),
      onError: (err) => report({ tone: 'bad', text: `Could not revoke “${token.name}”: ${errorMessage(err)}` }),
      onSettled: () => {
        setConfirming(false);
        refresh();
      },
    }),
  );

  return (
    <tr className="align-middle" data-testid="api-token-row" data-name={token.name}>
      <th scope="row" className="py-2.5 pr-4 text-left font-normal">
        <span className="block font-medium text-slate-900">{token.name}</span>
        <span className="block font-mono text-xs text-slate-500">{token.prefix}…</span>
      </th>
      <td className="py-2.5 pr-4 font-mono text-xs">{token.agentName}</td>
      <td className="py-2.5 pr-4">
        <span className="flex gap-1">
          {token.scopes.map((s) => (
            <Badge key={s} tone={s === 'write' ? 'warn' : 'neutral'}>
              {s}
            </Badge>
          ))}
        </span>
      </td>
      <td className="py-2.5 pr-4 text-xs text-slate-500">
        {ukDate(token.createdAt.toISOString())}
        {token.createdByEmail && <span className="block">{token.createdByEmail}</span>}
      </td>
      <td className="py-2.5 pr-4 text-xs text-slate-500">{token.lastUsedAt ? ukDateTime(token.lastUsedAt.toISOString()) : 'never'}</td>
      <td className="py-2.5">
        <div className="flex flex-wrap items-center justify-end gap-2">
          {token.revokedAt ? (
            <Badge tone="bad" title={`Revoked ${ukDateTime(token.revokedAt.toISOString())}`}>
              Revoked
            </Badge>
          ) : confirming ? (
            <>
              <Button variant="danger" onClick={() => revoke.mutate({ id: token.id })} disabled={revoke.isPending}>
                {revoke.isPending ? 'Revoking…' : `Revoke “${token.name}” now`}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Revoke
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
