'use client';
import { memo, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkSoftBreaks, safeHref } from './markdown';

/**
 * An agent's reply rendered from its Markdown with react-markdown and GitHub's extensions
 * (remark-gfm: tables — the Conductor sums up its Companions' findings in one — bare URLs,
 * strikethrough, task lists). Raw HTML is never rendered: react-markdown shows it as text.
 * Links keep only safe targets (`safeHref`); an unsafe link is its label as text. Images are
 * shown as links to them, so a reply cannot make the browser fetch anything by itself.
 */

/** Unsafe URLs become "": the `a` and `img` components below then render no link. */
const urlTransform = (url: string) => safeHref(url) ?? '';

/** Code blocks and tables scroll sideways, so they take the keyboard focus and show it. */
const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-indigo-500';
const linkClass = 'text-indigo-700 underline underline-offset-2 hover:text-indigo-900';

function Link({ href, children }: { href: string; children: ReactNode }) {
  // Other sites open in a new tab; the console's own pages (and mailto) in this one.
  const external = /^https?:/i.test(href);
  return (
    <a href={href} className={linkClass} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

/** The text of a hast node (a fenced code block holds only text: nothing is highlighted). */
type HastNode = { type: string; value?: string; children?: HastNode[] };
const textOf = (n: HastNode): string => n.value ?? (n.children ?? []).map(textOf).join('');

/** Visual headings only: a reply's own headings must not break the page's outline. */
const heading =
  (level: number) =>
  ({ children }: { children?: ReactNode }) => (
    <p className={`font-semibold text-slate-900 ${level <= 2 ? 'text-base' : 'text-sm'}`}>{children}</p>
  );

const components: Components = {
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  a: ({ href, children }) => (href ? <Link href={href}>{children}</Link> : <>{children}</>),
  img: ({ src, alt }) => {
    const label = alt || (typeof src === 'string' ? src : '');
    return typeof src === 'string' && src ? <Link href={src}>{label}</Link> : <>{label}</>;
  },
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">{children}</code>,
  // Fenced code: its text verbatim (the inline `code` styling above is not for blocks).
  pre: ({ node }: ExtraProps) => (
    <pre tabIndex={0} className={`overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100 ${FOCUS_RING}`}>
      <code>{node ? textOf(node).replace(/\n$/, '') : ''}</code>
    </pre>
  ),
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children, start }) => (
    <ol start={start} className="list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  blockquote: ({ children }) => <blockquote className="border-l-4 border-slate-300 pl-3 text-slate-700">{children}</blockquote>,
  hr: () => <hr className="border-slate-200" />,
  table: ({ children }) => (
    <div role="region" aria-label="Table" tabIndex={0} className={`overflow-x-auto ${FOCUS_RING}`}>
      <table className="min-w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="border-b border-slate-300">{children}</thead>,
  tbody: ({ children }) => <tbody className="divide-y divide-slate-100">{children}</tbody>,
  // remark-gfm's column alignment arrives as `style.textAlign`.
  th: ({ children, style }) => (
    <th scope="col" className="px-2 py-1 font-semibold text-slate-900" style={style}>
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td className="px-2 py-1 align-top" style={style}>
      {children}
    </td>
  ),
};

const remarkPlugins = [remarkGfm, remarkSoftBreaks];

/** An agent's reply rendered from its Markdown; parsed again only when the text changes (a streamed reply re-renders often). */
export const MarkdownView = memo(function MarkdownView({ text }: { text: string }) {
  return (
    <div className="space-y-2 break-words">
      <Markdown remarkPlugins={remarkPlugins} components={components} urlTransform={urlTransform}>
        {text}
      </Markdown>
    </div>
  );
});
