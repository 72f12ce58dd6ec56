'use client';
import { useState } from 'react';
import { MarkdownView } from '@/components/chat/markdown-view';
import { plainPreview } from './plain-preview';

/** Past this many characters or lines a message opens collapsed, with "Show all". */
const LONG_CHARS = 240;
const LONG_LINES = 3;

/**
 * A notification's text. Agents send Markdown (the Planner's scheduled reports: a table and a
 * link to the QA queue): short messages show as they are, long ones collapsed to three lines
 * until the reader opens them, then rendered as Markdown so the table and the link work.
 */
export function NotificationMessage({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_CHARS || text.split('\n').length > LONG_LINES;
  if (!long) return <p className="mt-0.5 whitespace-pre-line text-sm text-slate-700">{text}</p>;
  return (
    <div className="mt-0.5 text-sm text-slate-700">
      {open ? (
        <div className="overflow-x-auto">
          <MarkdownView text={text} />
        </div>
      ) : (
        <p className="line-clamp-3 whitespace-pre-line">{plainPreview(text)}</p>
      )}
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="mt-1 text-xs font-medium text-indigo-700 hover:text-indigo-900"
      >
        {open ? 'Show less' : 'Show all'}
      </button>
    </div>
  );
}
