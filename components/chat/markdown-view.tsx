'use client';
import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from './markdown';

function inline(nodes: Inline[]): ReactNode {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.v}</Fragment>;
      case 'br':
        return <br key={i} />;
      case 'code':
        return (
          <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {n.v}
          </code>
        );
      case 'strong':
        return (
          <strong key={i} className="font-semibold">
            {inline(n.c)}
          </strong>
        );
      case 'em':
        return <em key={i}>{inline(n.c)}</em>;
      case 'link': {
        const external = /^https?:/i.test(n.href);
        return (
          <a
            key={i}
            href={n.href}
            className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {inline(n.c)}
          </a>
        );
      }
    }
  });
}

function block(b: Block, i: number): ReactNode {
  switch (b.t) {
    case 'p':
      return <p key={i}>{inline(b.c)}</p>;
    case 'h':
      // Visual headings only: a reply's own headings must not break the page's outline.
      return (
        <p key={i} className={`font-semibold text-slate-900 ${b.level <= 2 ? 'text-base' : 'text-sm'}`}>
          {inline(b.c)}
        </p>
      );
    case 'ul':
      return (
        <ul key={i} className="list-disc space-y-1 pl-5">
          {b.items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </ul>
      );
    case 'ol':
      return (
        <ol key={i} start={b.start} className="list-decimal space-y-1 pl-5">
          {b.items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </ol>
      );
    case 'code':
      return (
        <pre
          key={i}
          tabIndex={0}
          className="overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <code>{b.v}</code>
        </pre>
      );
    case 'quote':
      return (
        <blockquote key={i} className="border-l-4 border-slate-300 pl-3 text-slate-700">
          {inline(b.c)}
        </blockquote>
      );
    case 'table':
      return (
        <div
          key={i}
          role="region"
          aria-label="Table"
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <table className="min-w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                {b.head.map((h, c) => (
                  <th key={c} scope="col" className="px-2 py-1 font-semibold text-slate-900" style={{ textAlign: b.align[c] ?? undefined }}>
                    {inline(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {b.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className="px-2 py-1 align-top" style={{ textAlign: b.align[c] ?? undefined }}>
                      {inline(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'hr':
      return <hr key={i} className="border-slate-200" />;
  }
}

/** An agent's reply rendered from its Markdown (markdown.ts: a small, safe subset). */
export function MarkdownView({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <div className="space-y-2 break-words">{blocks.map(block)}</div>;
}
