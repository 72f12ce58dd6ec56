import { Badge } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import type { AgentTool } from './types';

function ToolBadges({ tool }: { tool: AgentTool }) {
  if (tool.kind === 'letta') return <Badge title={`Letta base tool (${tool.tool_type})`}>Letta</Badge>;
  if (tool.kind === 'unknown')
    return (
      <Badge tone="warn" title="Not a tool of this console: attached on the agent platform directly">
        unknown
      </Badge>
    );
  return (
    <>
      <Badge tone="info" title="A DCF tool, served to agents over MCP">
        DCF
      </Badge>
      {tool.read_only ? (
        <Badge tone="ok">reads only</Badge>
      ) : (
        <Badge tone="warn" title="Mutating calls are audited">
          changes things
        </Badge>
      )}
    </>
  );
}

/** The tools attached to the agent, in order, each with what it does. */
export function AgentTools({ tools }: { tools: readonly AgentTool[] }) {
  return (
    <Panel title={`Tools (${tools.length})`} id="agent-tools">
      {tools.length === 0 ? (
        <p className="text-sm text-slate-500">No tools attached.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Attached tools">
          {tools.map((t) => (
            <li key={t.name} data-testid="agent-tool" data-tool={t.name}>
              <details className="group py-1">
                <summary
                  className={`flex cursor-pointer list-none flex-wrap items-center gap-1.5 rounded px-1 py-0.5 hover:bg-slate-50
                  focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden`}
                >
                  <span aria-hidden className="text-[10px] text-slate-500 transition-transform group-open:rotate-90">
                    ▶
                  </span>
                  <span className="font-mono text-xs font-medium text-slate-900">{t.name}</span>
                  <ToolBadges tool={t} />
                </summary>
                <p className="px-5 pt-1 pb-1 text-xs whitespace-pre-wrap text-slate-600">
                  {t.description ?? 'This console has no description of it.'}
                </p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
