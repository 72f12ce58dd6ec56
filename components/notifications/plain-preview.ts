/**
 * A notification's text as a short plain preview (toasts, a collapsed list item): agents write
 * Markdown, which reads badly unrendered — emphasis and code marks are dropped, a link keeps its
 * text, and a table is left out (the full message shows it rendered). Pure.
 */
export function plainPreview(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*\|/.test(line))
    .join('\n')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
