import { Badge } from '@/components/ui/badge';
import { JsonBlock } from '@/components/ui/json-block';
import { toolError, toolStatus, type ToolItem } from './thread';

/**
 * One tool call with its return, folded: the tool's name and how it went; open, the arguments
 * and the result as JSON (a return that is not JSON — e.g. cut off at the platform's limit — as text).
 * `running` marks a call of the turn in progress that has not returned yet.
 */
export function ToolCard({ item, running }: { item: ToolItem; running: boolean }) {
  const status = toolStatus(item);
  const error = toolError(item);
  return (
    <details
      className="group max-w-[85%] rounded-lg border border-slate-200 bg-white text-sm"
      data-testid="chat-tool-card"
      data-tool={item.name}
      data-status={status}
    >
      <summary
        className={
          'flex cursor-pointer list-none flex-wrap items-center gap-2 rounded-lg px-3 py-1.5 hover:bg-slate-50 ' +
          'focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden'
        }
      >
        <span aria-hidden className="text-[10px] text-slate-500 transition-transform group-open:rotate-90">
          ▶
        </span>
        <span className="text-xs text-slate-500">Tool</span>
        <span className="font-mono text-xs font-medium text-slate-900">{item.name}</span>
        {status === 'ok' && <Badge tone="ok">ok</Badge>}
        {status === 'error' && <Badge tone="bad">error</Badge>}
        {status === 'pending' &&
          (running ? (
            <Badge tone="info">
              <span aria-hidden className="size-2 animate-spin rounded-full border border-indigo-300 border-t-indigo-700" />
              running
            </Badge>
          ) : (
            <Badge tone="neutral" title="The turn ended before this call returned (it was stopped or failed).">
              no result
            </Badge>
          ))}
        {error && <span className="min-w-0 basis-full truncate pl-5 text-xs text-red-700 sm:basis-auto sm:pl-0">{error}</span>}
      </summary>
      <div className="space-y-3 border-t border-slate-100 p-3">
        <div>
          <p className="mb-1 text-xs font-medium text-slate-600">Arguments</p>
          {item.args !== undefined ? (
            <JsonBlock value={item.args} label={`Arguments of ${item.name}`} maxHeight="max-h-72" />
          ) : (
            <p className="text-xs text-slate-500">{item.arguments ? item.arguments : 'Not in the loaded history.'}</p>
          )}
        </div>
        <div>
          <p className="mb-1 text-xs font-medium text-slate-600">Result</p>
          {!item.ret ? (
            <p className="text-xs text-slate-500">{running ? 'Waiting for the tool…' : 'No result.'}</p>
          ) : item.ret.value !== undefined ? (
            <JsonBlock value={item.ret.value} label={`Result of ${item.name}`} maxHeight="max-h-72" />
          ) : (
            <pre
              role="region"
              aria-label={`Result of ${item.name}`}
              tabIndex={0}
              className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-slate-100"
            >
              {item.ret.text}
            </pre>
          )}
        </div>
      </div>
    </details>
  );
}
