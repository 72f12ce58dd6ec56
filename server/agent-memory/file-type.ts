/** The spec's `file_type_hint` values (4.1); a write may only state the first three. */
export const FILE_TYPE_HINTS = ['YAML', 'MARKDOWN', 'TEXT', 'UNKNOWN'] as const;
export type FileTypeHint = (typeof FILE_TYPE_HINTS)[number];
export const WRITABLE_TYPE_HINTS = ['YAML', 'MARKDOWN', 'TEXT'] as const;
export type WritableTypeHint = (typeof WRITABLE_TYPE_HINTS)[number];

const BY_EXTENSION: Record<string, FileTypeHint> = {
  yaml: 'YAML',
  yml: 'YAML',
  md: 'MARKDOWN',
  markdown: 'MARKDOWN',
  mdown: 'MARKDOWN',
  txt: 'TEXT',
  text: 'TEXT',
  log: 'TEXT',
};

/** The type a file's extension says (case-insensitive), or null when it says nothing known. */
export function typeByExtension(filePath: string): FileTypeHint | null {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null;
}

const MARKDOWN_LINE = /^(#{1,6}\s+\S|```|~~~|>\s|[-*+]\s+\[[ xX]\]\s|\d+\.\s+\S|\|.*\|\s*$)/;
const MARKDOWN_INLINE = /\[[^\]]+\]\([^)]+\)|\*\*[^*]+\*\*/;
const YAML_KEY = /^\s*(-\s+)?[A-Za-z_][\w .-]*:(\s.*)?$/;
const YAML_LINE = /^(\s*-\s+\S.*|\s*-\s*$|\s*[A-Za-z_][\w .-]*:(\s.*)?|\s*#.*)$/;

/**
 * Content sniffing, for files whose extension says nothing (rules in this order):
 * empty → UNKNOWN; not UTF-8 or holding NUL bytes → UNKNOWN (binary); a `---` document start, or
 * every non-blank line a YAML mapping key, list item or comment with at least one `key:` → YAML;
 * a Markdown heading, fence, quote, task/numbered list, table row or link/bold on any line →
 * MARKDOWN; otherwise → TEXT.
 */
export function sniffType(content: Uint8Array): FileTypeHint {
  if (content.length === 0) return 'UNKNOWN';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return 'UNKNOWN';
  }
  if (text.includes('\0')) return 'UNKNOWN';
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0]?.trimEnd() === '---') return 'YAML';
  if (lines.some((l) => YAML_KEY.test(l)) && lines.every((l) => YAML_LINE.test(l))) return 'YAML';
  if (lines.some((l) => MARKDOWN_LINE.test(l) || MARKDOWN_INLINE.test(l))) return 'MARKDOWN';
  return 'TEXT';
}

/**
 * The hint a read reports: the extension first, then the hint the writer stated (kept by the
 * store), then the content.
 */
export function fileTypeHint(filePath: string, content: Uint8Array, statedHint?: WritableTypeHint | null): FileTypeHint {
  return typeByExtension(filePath) ?? statedHint ?? sniffType(content);
}
