/**
 * The template of States.Format, as written between the quotes (escapes not yet resolved):
 * `{}` is a placeholder, `\{` `\}` are literal braces, and any other brace is an error because
 * ASL reserves `{` and `}` in intrinsic string literals.
 */
export type FormatTemplatePart = { type: 'text'; value: string } | { type: 'placeholder' };

export type FormatTemplateResult = { ok: true; parts: FormatTemplatePart[]; count: number } | { ok: false; error: string };

export function parseFormatTemplate(raw: string): FormatTemplateResult {
  const parts: FormatTemplatePart[] = [];
  let text = '';
  let count = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '\\') {
      text += raw[i + 1] ?? '';
      i++;
    } else if (ch === '{' && raw[i + 1] === '}') {
      if (text) parts.push({ type: 'text', value: text });
      parts.push({ type: 'placeholder' });
      text = '';
      count++;
      i++;
    } else if (ch === '{' || ch === '}') {
      return { ok: false, error: `unescaped '${ch}' at offset ${i} (write \\${ch}, or {} for a placeholder)` };
    } else {
      text += ch;
    }
  }
  if (text) parts.push({ type: 'text', value: text });
  return { ok: true, parts, count };
}
