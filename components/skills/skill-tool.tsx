import { Badge } from '@/components/ui/badge';
import { JsonBlock } from '@/components/ui/json-block';
import { ParameterTable } from '@/components/schema/parameter-table';
import type { ManifestTool } from './types';

const DEFINITION_LABEL = {
  mcp_server: 'MCP server operation',
  registered: 'Registered platform tool',
  python_source: 'Python source',
} as const;

/** How the tool is provided (spec §5.2 `definition`): the MCP endpoint and operation, a platform tool id, or sandboxed Python. */
function Definition({ definition }: { definition: ManifestTool['definition'] }) {
  const rows: Array<[string, string]> =
    definition.type === 'mcp_server'
      ? [
          ['Endpoint', definition.endpointUrl],
          ['Operation', definition.operationId],
          ...(definition.openApiSpecUrl ? ([['OpenAPI spec', definition.openApiSpecUrl]] as Array<[string, string]>) : []),
        ]
      : definition.type === 'registered'
        ? [['Platform tool id', definition.platformToolId]]
        : [];
  return (
    <div className="space-y-2">
      <Badge tone="info">{DEFINITION_LABEL[definition.type]}</Badge>
      {rows.length > 0 && (
        <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-500">{k}</dt>
              <dd className="break-all font-mono text-xs leading-5 text-slate-800">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {definition.type === 'python_source' && (
        <pre
          className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100"
          aria-label="Python source"
        >
          {definition.sourceCode}
        </pre>
      )}
    </div>
  );
}

/** One required tool of a skill: what it does, how it is provided, and its full parameter schema. */
export function SkillTool({ tool }: { tool: ManifestTool }) {
  const js = tool.json_schema;
  return (
    <article className="rounded-lg border border-slate-200 p-4" aria-labelledby={`tool-${tool.toolName}`} data-testid="skill-tool">
      <h4 id={`tool-${tool.toolName}`} className="font-mono text-sm font-semibold text-slate-900">
        {tool.toolName}
      </h4>
      <p className="mt-1 text-sm text-slate-600">{tool.description}</p>
      <div className="mt-3 grid gap-4">
        <Definition definition={tool.definition} />
        <div>
          <h5 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Parameters</h5>
          {js ? (
            <ParameterTable parameters={js.parameters} alsoRequired={js.required} toolName={tool.toolName} />
          ) : (
            <p className="text-sm text-slate-500">The manifest gives no json_schema for this tool, so it declares no parameters.</p>
          )}
        </div>
        {js && (
          <details>
            <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">JSON schema of {tool.toolName}</summary>
            <div className="mt-2">
              <JsonBlock value={js} label={`JSON schema of ${tool.toolName}`} maxHeight="max-h-80" />
            </div>
          </details>
        )}
      </div>
    </article>
  );
}
