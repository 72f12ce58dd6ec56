'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import { editorHref } from '../editor-links';

/** The example workflow files shipped in `workflows/`: each opens in the editor as an unsaved document. */
export function ExampleList() {
  const trpc = useTRPC();
  const examples = useQuery(trpc.workflows.examples.queryOptions());
  return (
    <section aria-labelledby="example-workflows" className="space-y-3">
      <h2 id="example-workflows" className="text-lg font-semibold">
        Examples
      </h2>
      {examples.isPending ? (
        <LoadingState label="Loading examples…" />
      ) : examples.isError ? (
        <ErrorState title="Examples could not be loaded" message={errorMessage(examples.error)} />
      ) : (
        <ul className="grid gap-2 md:grid-cols-2" aria-label="Example workflows">
          {examples.data.map((e) => (
            <li key={e.file} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
              <Link href={editorHref({ kind: 'example', file: e.file })} className="font-medium text-indigo-700 hover:underline">
                {e.workflowName ?? e.file}
              </Link>
              <p className="text-xs text-slate-500">
                <code>{e.file}</code>
                {e.version && <> · v{e.version}</>}
                {e.parseError && <span className="text-red-700"> · not JSON: {e.parseError}</span>}
              </p>
              {e.description && <p className="mt-1 text-sm text-slate-600">{e.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
