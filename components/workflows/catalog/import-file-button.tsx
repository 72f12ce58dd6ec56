'use client';
import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { stashText } from '../open-in-editor';
import { readWorkflowFile } from '../read-workflow-file';

/** Opens a workflow JSON file from disk in the editor, unsaved (valid or not: the editor shows what is wrong). */
export function ImportFileButton() {
  const input = useRef<HTMLInputElement>(null);
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        aria-label="Workflow file to open"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const read = await readWorkflowFile(file);
          if (!read.ok) return setError(read.message);
          router.push(stashText(read.text, `file ${file.name}`));
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        Open file…
      </button>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </>
  );
}
