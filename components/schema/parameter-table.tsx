import { schemaRows } from './schema-rows';
import { TableHead } from '@/components/ui/table-head';

/**
 * A tool's parameters (an object JSON Schema) as a table: every field, nested ones indented, with
 * its type, whether it is required, and what it means. Used for skill tools and console tools alike.
 */
export function ParameterTable({
  parameters,
  alsoRequired = [],
  toolName,
}: {
  parameters: unknown;
  alsoRequired?: readonly string[];
  toolName: string;
}) {
  const rows = schemaRows(parameters, alsoRequired);
  if (rows.length === 0) return <p className="text-sm text-slate-500">Takes no parameters.</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Parameters of {toolName}</caption>
        <TableHead columns={['Parameter', 'Type', 'Required', 'Description']} variant="boxed" />
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.name} className="align-top">
              <th
                scope="row"
                className="whitespace-nowrap px-3 py-1.5 font-mono text-xs font-medium text-slate-900"
                style={{ paddingLeft: `${0.75 + r.depth * 1.25}rem` }}
              >
                {r.name}
              </th>
              <td className="whitespace-nowrap px-3 py-1.5 font-mono text-xs text-indigo-700">{r.type}</td>
              <td className="px-3 py-1.5 text-xs">
                {r.required ? (
                  <span className="font-medium text-slate-900">required</span>
                ) : (
                  <span className="text-slate-500">optional</span>
                )}
              </td>
              <td className="px-3 py-1.5 text-slate-600">
                {r.description ?? <span className="text-slate-500">—</span>}
                {r.constraints.length > 0 && (
                  <span className="mt-0.5 block font-mono text-xs text-slate-500">{r.constraints.join(' · ')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
