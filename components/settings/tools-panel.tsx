'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/components/ui/error-message';
import { JsonBlock } from '@/components/ui/json-block';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { ParameterTable } from '@/components/schema/parameter-table';

/**
 * Settings → Tools: the one tool registry that agents (MCP), the console and the CLI share. Each
 * tool opens to its input parameters and its full input/output JSON Schemas.
 */
export function ToolsPanel() {
  const trpc = useTRPC();
  const tools = useQuery(trpc.tools.list.queryOptions());
  if (tools.isPending) return <LoadingState label="Loading tools…" />;
  if (tools.isError)
    return <ErrorState title="Tools could not be loaded" message={errorMessage(tools.error)} onRetry={() => void tools.refetch()} />;
  if (tools.data.length === 0) return <EmptyState title="No tools are registered" />;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        {tools.data.length} tools. Read-only tools change nothing; mutating tools are recorded in the audit log.
      </p>
      <ul className="space-y-2">
        {tools.data.map((t) => (
          <li key={t.name}>
            <details className="group rounded-lg border border-slate-200 bg-white" data-testid="tool-entry">
              <summary className="flex cursor-pointer list-none items-start gap-3 p-4 focus-visible:outline-2 focus-visible:outline-indigo-500">
                <span aria-hidden className="mt-0.5 text-slate-500 transition-transform group-open:rotate-90">
                  ▶
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-semibold">{t.name}</span>
                    <Badge tone={t.readOnly ? 'neutral' : 'warn'}>{t.readOnly ? 'Read-only' : 'Mutating'}</Badge>
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{t.description}</span>
                </span>
              </summary>
              <div className="space-y-4 border-t border-slate-100 p-4">
                <div>
                  <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Input parameters</h3>
                  <ParameterTable parameters={t.inputSchema} toolName={t.name} />
                </div>
                <SchemaDisclosure title="Input JSON Schema" schema={t.inputSchema} label={`Input schema of ${t.name}`} />
                <SchemaDisclosure title="Output JSON Schema" schema={t.outputSchema} label={`Output schema of ${t.name}`} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A collapsed JSON Schema, opened on demand (the schemas are long). */
function SchemaDisclosure({ title, schema, label }: { title: string; schema: unknown; label: string }) {
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">{title}</summary>
      <div className="mt-2">
        <JsonBlock value={schema} label={label} />
      </div>
    </details>
  );
}
