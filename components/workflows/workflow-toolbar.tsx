'use client';
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc';
import { Button, FIELD } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import type { ExampleWorkflow } from './types';

type Props = {
  onLoadExample(example: ExampleWorkflow): void;
  onOpenFile(file: File): void;
  onFormat(): void;
  onClear(): void;
  canFormat: boolean;
  canClear: boolean;
};

function exampleLabel(e: ExampleWorkflow): string {
  const name = e.workflowName ?? e.file;
  return `${name}${e.version ? ` v${e.version}` : ''}${e.parseError ? ' (not valid JSON)' : ''}`;
}

/** Where a document comes from (an example, a file) and whole-document edits (format, clear). */
export function WorkflowToolbar({ onLoadExample, onOpenFile, onFormat, onClear, canFormat, canClear }: Props) {
  const trpc = useTRPC();
  const examples = useQuery(trpc.workflows.examples.queryOptions());
  const [chosen, setChosen] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const list = examples.data ?? [];
  const selected = list.find((e) => e.file === chosen);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="workflow-example" className="sr-only">
        Example workflow
      </label>
      <select
        id="workflow-example"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        disabled={!examples.isSuccess || list.length === 0}
        className={`${FIELD} max-w-72`}
      >
        <option value="">
          {examples.isPending ? 'Loading examples…' : examples.isError ? 'Examples unavailable' : list.length ? 'Choose an example…' : 'No examples in workflows/'}
        </option>
        {list.map((e) => (
          <option key={e.file} value={e.file}>
            {exampleLabel(e)}
          </option>
        ))}
      </select>
      <Button onClick={() => selected && onLoadExample(selected)} disabled={!selected}>
        Load example
      </Button>
      <span aria-hidden className="mx-1 h-5 w-px bg-slate-200" />
      <Button onClick={() => fileInput.current?.click()}>Open file…</Button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onOpenFile(file);
          e.target.value = ''; // picking the same file again must load it again
        }}
      />
      <Button onClick={onFormat} disabled={!canFormat} title="Re-indent the document (2 spaces)">
        Format
      </Button>
      <Button variant="ghost" onClick={onClear} disabled={!canClear}>
        Clear
      </Button>
      {examples.isError && (
        <span role="alert" className="text-xs text-red-700">
          Examples could not be loaded: {errorMessage(examples.error)}
        </span>
      )}
    </div>
  );
}
