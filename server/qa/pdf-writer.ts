import PDFDocument from 'pdfkit';

/**
 * A small layout layer over pdfkit for text documents (the QA evidence pack): A4, the standard
 * PDF fonts (built into pdfkit, nothing to download or embed), headings that never end a page,
 * label/value rows, runs of text with marked parts, and a footer with "page n of m" on every page.
 * Text flows onto new pages by itself. The standard fonts encode WinAnsi only, so text is first
 * brought into it (`winAnsi`): accents are kept, other characters fall back to their base letter or `?`.
 */
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', mono: 'Courier' } as const;
export const COLOUR = { text: '#111827', muted: '#4b5563', fail: '#b91c1c', pass: '#15803d', rule: '#d1d5db' } as const;

const MARGIN = 50;
const LABEL_WIDTH = 140;
/** Characters WinAnsi has beyond Latin-1 (code points 0x80–0x9F of the encoding). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters with no decomposition to a Latin-1 base. */
const FALLBACK: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '−': '-',
  '→': '->',
  '←': '<-',
  '≥': '>=',
  '≤': '<=',
};

/** `text` in characters the standard fonts can show; control characters become spaces. */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += ch === '\n' ? '\n' : ' ';
    else if (c < 0x100 || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (FALLBACK[ch]) out += FALLBACK[ch];
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((b) => b.codePointAt(0)! < 0x100) && base ? base : '?';
    }
  }
  return out;
}

type ParagraphOptions = { indent?: number; size?: number; italic?: boolean; colour?: string; keep?: number };

/** One run of a paragraph: plain, bold, or marked (bold and underlined: a quote in its context). */
export type Run = { text: string; bold?: boolean; mark?: boolean; colour?: string };

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(meta: { title: string; author: string; subject: string; createdAt: Date }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: winAnsi(meta.title), Author: winAnsi(meta.author), Subject: winAnsi(meta.subject), CreationDate: meta.createdAt },
    });
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.doc.font(FONT.regular).fontSize(10).fillColor(COLOUR.text);
  }

  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.doc.page.maxY()) this.doc.addPage();
  }

  title(text: string, subtitle: string): void {
    this.doc.font(FONT.bold).fontSize(18).fillColor(COLOUR.text).text(winAnsi(text), MARGIN);
    this.doc.font(FONT.regular).fontSize(11).fillColor(COLOUR.muted).text(winAnsi(subtitle)).moveDown(0.8);
    this.doc.fillColor(COLOUR.text);
  }

  /** A section heading with a rule under it, kept with at least `keep` points of what follows. */
  heading(text: string, keep = 60): void {
    this.doc.moveDown(0.6);
    this.ensureSpace(30 + keep);
    this.doc.font(FONT.bold).fontSize(13).fillColor(COLOUR.text).text(winAnsi(text), MARGIN);
    const y = this.doc.y + 2;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor(COLOUR.rule)
      .stroke();
    this.doc.moveDown(0.5).font(FONT.regular).fontSize(10);
  }

  subheading(text: string, colour: string = COLOUR.text, keep = 40): void {
    this.doc.moveDown(0.4);
    this.ensureSpace(16 + keep);
    this.doc.font(FONT.bold).fontSize(10.5).fillColor(colour).text(winAnsi(text), MARGIN).fillColor(COLOUR.text);
    this.doc.font(FONT.regular).fontSize(10);
  }

  /** Label and value side by side; a long value wraps under itself (and onto the next page). */
  row(label: string, value: string, opts: { mono?: boolean } = {}): void {
    this.ensureSpace(14);
    const y = this.doc.y;
    const page = this.doc.page;
    this.doc
      .font(FONT.regular)
      .fontSize(9.5)
      .fillColor(COLOUR.muted)
      .text(winAnsi(label), MARGIN, y, { width: LABEL_WIDTH - 8 });
    const labelBottom = this.doc.y;
    this.doc
      .font(opts.mono ? FONT.mono : FONT.regular)
      .fontSize(opts.mono ? 9 : 10)
      .fillColor(COLOUR.text);
    this.doc.text(winAnsi(value || '—'), MARGIN + LABEL_WIDTH, y, { width: this.width - LABEL_WIDTH });
    if (this.doc.page === page) this.doc.y = Math.max(labelBottom, this.doc.y);
    this.doc.x = MARGIN;
    this.doc.font(FONT.regular).fontSize(10);
  }

  /** A paragraph of runs, indented by `indent` points; `keep`: points from here that must fit on this page (default one line). */
  paragraph(runs: Run[], opts: ParagraphOptions = {}): void {
    const parts = runs.filter((r) => r.text !== '');
    if (!parts.length) return;
    const size = opts.size ?? 10;
    this.doc.fontSize(size);
    this.ensureSpace(opts.keep ?? size * 1.6);
    const x = MARGIN + (opts.indent ?? 0);
    parts.forEach((r, i) => {
      const font = r.bold || r.mark ? FONT.bold : opts.italic ? FONT.italic : FONT.regular;
      this.doc.font(font).fillColor(r.colour ?? opts.colour ?? COLOUR.text);
      const options = { continued: i < parts.length - 1, underline: r.mark === true, lineGap: 1.5 };
      if (i === 0) this.doc.text(winAnsi(r.text), x, this.doc.y, { ...options, width: this.width - (opts.indent ?? 0) });
      else this.doc.text(winAnsi(r.text), options);
    });
    this.doc.x = MARGIN;
    this.doc.font(FONT.regular).fillColor(COLOUR.text).fontSize(10);
  }

  text(text: string, opts: ParagraphOptions & { bold?: boolean } = {}): void {
    this.paragraph([{ text, bold: opts.bold }], opts);
  }

  mono(text: string, opts: { indent?: number } = {}): void {
    this.ensureSpace(14);
    const indent = opts.indent ?? 0;
    this.doc
      .font(FONT.mono)
      .fontSize(9)
      .fillColor(COLOUR.text)
      .text(winAnsi(text), MARGIN + indent, this.doc.y, { width: this.width - indent });
    this.doc.x = MARGIN;
    this.doc.font(FONT.regular).fontSize(10);
  }

  gap(lines = 0.4): void {
    this.doc.moveDown(lines);
  }

  /** Writes `footer(page, pages)` at the foot of every page, then ends the document. */
  async finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
      this.doc.font(FONT.regular).fontSize(8).fillColor(COLOUR.muted);
      const y = this.doc.page.height - MARGIN + 18;
      this.doc.text(winAnsi(footer(i + 1, range.count)), MARGIN, y, { width: this.width, align: 'center', lineBreak: false });
      this.doc.page.margins.bottom = bottom;
    }
    this.doc.end();
    return this.done;
  }
}
