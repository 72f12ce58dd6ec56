import { Badge, type Tone } from '@/components/ui/badge';
import type { AuditRow } from './types';
import { TableHead } from '@/components/ui/table-head';
import { auditTimeText } from './audit-format';
import { HashText } from './hash-text';

const STATUS_TONE: Record<string, Tone> = { ok: 'ok', error: 'bad', forbidden: 'warn' };

/**
 * Audit rows as the log stores them; the digest stands in for the arguments, which are never
 * stored. Each row shows its entry number (what a verification names) and its chain hash; rows
 * from before the chain began have none. Times in London time, the exact instant on hover.
 */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="audit-table">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <TableHead columns={['Entry', 'Time', 'Actor', 'Action', 'Status', 'Arguments digest', 'Hash']} />
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} className="align-top" data-testid="audit-row" data-action={r.action} data-id={r.id}>
              <td className="whitespace-nowrap py-2 pr-4 tabular-nums text-slate-600">#{r.id}</td>
              <td className="whitespace-nowrap py-2 pr-4 tabular-nums text-slate-600">
                <time dateTime={r.at.toISOString()} title={r.at.toISOString()}>
                  {auditTimeText(r.at)}
                </time>
              </td>
              <td className="py-2 pr-4">
                <span className="block">{r.actorLabel}</span>
                <span className="block text-xs text-slate-500">{r.actorKind}</span>
              </td>
              <td className="py-2 pr-4 font-mono text-xs">{r.action}</td>
              <td className="py-2 pr-4">
                <Badge tone={STATUS_TONE[r.resultStatus] ?? 'neutral'}>{r.resultStatus}</Badge>
                {r.detail && Object.keys(r.detail).length > 0 && (
                  <span className="mt-1 block font-mono text-xs text-slate-500">
                    {Object.entries(r.detail)
                      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                      .join(', ')}
                  </span>
                )}
              </td>
              <td className="py-2 pr-4 font-mono text-xs text-slate-500" title={r.argsDigest}>
                {r.argsDigest.length > 24 ? `${r.argsDigest.slice(0, 23)}…` : r.argsDigest}
              </td>
              <td className="whitespace-nowrap py-2">
                {r.hash ? (
                  <HashText hash={r.hash} entryId={r.id} />
                ) : (
                  <span className="text-xs text-slate-500" title="Written before the chain began: no hash">
                    —
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
