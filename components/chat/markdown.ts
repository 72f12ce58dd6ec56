/**
 * The small Markdown subset agents write, parsed into a tree React renders without
 * `dangerouslySetInnerHTML`: paragraphs (single newlines kept as line breaks), headings, bullet
 * and numbered lists, fenced code, block quotes, rules, GitHub-style tables (the Conductor sums
 * up its Companions' findings in one); inline code, bold, italics, links and bare URLs. Anything
 * else stays text. Links are kept only for http(s), mailto and same-site paths.
 */
export type Inline =
  | { t: 'text'; v: string }
  | { t: 'br' }
  | { t: 'code'; v: string }
  | { t: 'strong'; c: Inline[] }
  | { t: 'em'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] };

export type Block =
  | { t: 'p'; c: Inline[] }
  | { t: 'h'; level: number; c: Inline[] }
  | { t: 'ul'; items: Inline[][] }
  | { t: 'ol'; start: number; items: Inline[][] }
  | { t: 'code'; lang: string; v: string }
  | { t: 'quote'; c: Inline[] }
  | { t: 'table'; align: Array<'left' | 'center' | 'right' | null>; head: Inline[][]; rows: Inline[][][] }
  | { t: 'hr' };

/** The href if it is safe to link to, else null. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^(https?:|mailto:)/i.test(h)) return h;
  if (h.startsWith('/') && !h.startsWith('//')) return h;
  return null;
}

const INLINE =
  /`(?<code>[^`\n]+)`|\[(?<label>[^\]\n]+)\]\((?<href>[^)\s]+)\)|\*\*(?<strong>\S(?:[\s\S]*?\S)?)\*\*|__(?<ustrong>\S(?:[\s\S]*?\S)?)__|\*(?<em>[^\s*](?:[^*]*?[^\s*])?)\*|(?<![\w])_(?<uem>[^\s_](?:[^_]*?[^\s_])?)_(?![\w])|(?<url>https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"”’])/g;

function text(v: string): Inline[] {
  const out: Inline[] = [];
  v.split('\n').forEach((part, i) => {
    if (i > 0) out.push({ t: 'br' });
    if (part) out.push({ t: 'text', v: part });
  });
  return out;
}

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of s.matchAll(INLINE)) {
    const g = m.groups!;
    out.push(...text(s.slice(last, m.index)));
    last = m.index + m[0].length;
    if (g.code !== undefined) out.push({ t: 'code', v: g.code });
    else if (g.label !== undefined) {
      const href = safeHref(g.href!);
      out.push(...(href ? [{ t: 'link' as const, href, c: parseInline(g.label) }] : parseInline(g.label)));
    } else if (g.strong !== undefined || g.ustrong !== undefined) out.push({ t: 'strong', c: parseInline((g.strong ?? g.ustrong)!) });
    else if (g.em !== undefined || g.uem !== undefined) out.push({ t: 'em', c: parseInline((g.em ?? g.uem)!) });
    else if (g.url !== undefined) out.push({ t: 'link', href: g.url, c: [{ t: 'text', v: g.url }] });
  }
  out.push(...text(s.slice(last)));
  return out;
}

const FENCE = /^\s*(`{3,}|~{3,})\s*([\w+#.-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?(?:\s*:?-{3,}:?\s*\|)*\s*:?-{3,}:?\s*\|?\s*$/;

/** A table row's cells: the text between unescaped pipes, trimmed (`\|` is a pipe inside a cell). */
export function tableCells(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** A header row, then a delimiter row with as many cells. */
const tableAt = (lines: string[], i: number) =>
  TABLE_ROW.test(lines[i]!) &&
  i + 1 < lines.length &&
  TABLE_RULE.test(lines[i + 1]!) &&
  tableCells(lines[i]!).length === tableCells(lines[i + 1]!).length;

const alignOf = (rule: string): 'left' | 'center' | 'right' | null =>
  rule.startsWith(':') && rule.endsWith(':') ? 'center' : rule.endsWith(':') ? 'right' : rule.startsWith(':') ? 'left' : null;

const startsBlock = (l: string) => FENCE.test(l) || HEADING.test(l) || RULE.test(l) || BULLET.test(l) || NUMBERED.test(l) || QUOTE.test(l);

/** Collects list items from `i`: marker lines start items (nested ones are flattened), indented lines continue the last one. */
function listItems(lines: string[], i: number, marker: RegExp, textGroup: number): { items: string[]; next: number } {
  const items: string[] = [];
  while (i < lines.length) {
    const l = lines[i]!;
    const indented = /^\s+\S/.test(l) && items.length > 0;
    const m = marker.exec(l);
    const nested = !m && indented ? (BULLET.exec(l) ?? NUMBERED.exec(l)) : null;
    if (m) items.push(m[textGroup]!);
    else if (nested) items.push(nested[nested.length - 1]!);
    else if (indented) items[items.length - 1] += `\n${l.trim()}`;
    else break;
    i++;
  }
  return { items, next: i };
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const l = lines[i]!;
    if (l.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(l);
    if (fence) {
      const close = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i]!.trim().startsWith(close[0]!.repeat(3)) && lines[i]!.trim().replace(/[`~]/g, '') === ''))
        body.push(lines[i++]!);
      i++; // the closing fence (or the end)
      blocks.push({ t: 'code', lang: fence[2] ?? '', v: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(l);
    if (heading) {
      blocks.push({ t: 'h', level: heading[1]!.length, c: parseInline(heading[2]!) });
      i++;
      continue;
    }
    if (tableAt(lines, i)) {
      const head = tableCells(l);
      const align = tableCells(lines[i + 1]!).map(alignOf);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && TABLE_ROW.test(lines[i]!)) {
        const cells = tableCells(lines[i++]!);
        rows.push(head.map((_, c) => parseInline(cells[c] ?? '')));
      }
      blocks.push({ t: 'table', align, head: head.map(parseInline), rows });
      continue;
    }
    if (RULE.test(l)) {
      blocks.push({ t: 'hr' });
      i++;
      continue;
    }
    if (BULLET.test(l)) {
      const { items, next } = listItems(lines, i, BULLET, 1);
      blocks.push({ t: 'ul', items: items.map(parseInline) });
      i = next;
      continue;
    }
    const numbered = NUMBERED.exec(l);
    if (numbered) {
      const { items, next } = listItems(lines, i, NUMBERED, 2);
      blocks.push({ t: 'ol', start: Number(numbered[1]), items: items.map(parseInline) });
      i = next;
      continue;
    }
    if (QUOTE.test(l)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ t: 'quote', c: parseInline(body.join('\n')) });
      continue;
    }
    const para: string[] = [l];
    i++;
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!) && !tableAt(lines, i)) para.push(lines[i++]!);
    blocks.push({ t: 'p', c: parseInline(para.map((p) => p.trim()).join('\n')) });
  }
  return blocks;
}
