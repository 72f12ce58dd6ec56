'use client';
import { useState } from 'react';
import { isJsonDocument } from '@/lib/block-rules';

/**
 * A block's value as the agent reads it. A JSON document (stored compact, one line) is shown
 * formatted by default, with a switch to the text as stored.
 */
export function BlockValue({ label, value }: { label: string; value: string }) {
  const json = isJsonDocument(value);
  const [formatted, setFormatted] = useState(true);
  const shown = json && formatted ? JSON.stringify(JSON.parse(value), null, 2) : value;
  return (
    <div>
      {json && (
        <button
          type="button"
          onClick={() => setFormatted((f) => !f)}
          className="mb-1 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
          aria-pressed={!formatted}
        >
          {formatted ? 'Show as stored' : 'Show formatted'}
        </button>
      )}
      {value === '' ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-500 italic">Empty.</p>
      ) : (
        <pre
          role="region"
          aria-label={`Value of ${label}`}
          tabIndex={0}
          className={
            'max-h-80 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-5 ' +
            'whitespace-pre-wrap break-words text-slate-800 ring-1 ring-slate-200 ring-inset ' +
            'focus-visible:outline-2 focus-visible:outline-indigo-500'
          }
          data-testid="block-value"
        >
          {shown}
        </pre>
      )}
    </div>
  );
}
