/**
 * What the chat adds to react-markdown + remark-gfm (markdown-view.tsx renders with them): which
 * links are safe to keep, and single newlines kept as line breaks (agents write one figure a line
 * and expect it shown so; CommonMark would join the lines into one).
 */

/**
 * The href if it is safe to link to, else null: http(s), mailto and same-site paths only
 * (`//host` is another site; `javascript:`, `data:` and the rest are never links).
 */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^(https?:|mailto:)/i.test(h)) return h;
  if (h.startsWith('/') && !h.startsWith('//')) return h;
  return null;
}

/** The part of an mdast node this plugin reads and writes. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Splits every text node at its newlines into text and `break` nodes (code keeps its newlines: it is not a text node). */
function splitSoftBreaks(node: MdNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child): MdNode[] => {
    if (child.type !== 'text' || !child.value?.includes('\n')) {
      splitSoftBreaks(child);
      return [child];
    }
    return child.value
      .split('\n')
      .flatMap((part, i) => [...(i > 0 ? [{ type: 'break' }] : []), ...(part ? [{ type: 'text', value: part }] : [])]);
  });
}

/** A remark plugin: a single newline inside a paragraph, list item, quote or cell is a line break. */
export function remarkSoftBreaks() {
  return (tree: MdNode) => splitSoftBreaks(tree);
}
