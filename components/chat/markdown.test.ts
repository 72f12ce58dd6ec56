import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { safeHref } from './markdown';
import { MarkdownView } from './markdown-view';

/** The reply's markup as the browser gets it. */
const html = (text: string) => renderToStaticMarkup(createElement(MarkdownView, { text }));
/** The same without the styling classes, the outer wrapper and the newlines between blocks: the structure the tests read. */
const bare = (text: string) =>
  html(text)
    .replace(/ class="[^"]*"/g, '')
    .replace(/\n/g, '')
    .replace(/^<div>([\s\S]*)<\/div>$/, '$1');

const A_INTERNAL = (href: string, label: string) => `<a href="${href}">${label}</a>`;
const A_EXTERNAL = (href: string, label: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`;

describe('inline Markdown', () => {
  it('bold, italics, code and links; the rest is text', () => {
    expect(bare('A **QA score** of `60` — *capped*, see [the run](/runs?run=1).')).toBe(
      `<p>A <strong>QA score</strong> of <code>60</code> — <em>capped</em>, see ${A_INTERNAL('/runs?run=1', 'the run')}.</p>`,
    );
  });

  it('styles bold and inline code as the chat does', () => {
    expect(html('**a** `b`')).toContain('<strong class="font-semibold">a</strong>');
    expect(html('`b`')).toContain('<code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">b</code>');
  });

  it('nests inline marks inside bold and keeps code literal', () => {
    expect(bare('**FCA-DISC-01 `x*y*`**')).toBe('<p><strong>FCA-DISC-01 <code>x*y*</code></strong></p>');
  });

  it('does not turn snake_case or lone stars into italics', () => {
    expect(bare('run_id and 2 * 3 * 4')).toBe('<p>run_id and 2 * 3 * 4</p>');
    expect(bare('_quiet_')).toBe('<p><em>quiet</em></p>');
  });

  it('links bare URLs without trailing punctuation, opened in a new tab; console paths and mailto open in place', () => {
    expect(bare('See https://example.com/a.')).toBe(`<p>See ${A_EXTERNAL('https://example.com/a', 'https://example.com/a')}.</p>`);
    expect(bare('[queue](/qa?team=North) [mail](mailto:qa@example.com)')).toBe(
      `<p>${A_INTERNAL('/qa?team=North', 'queue')} ${A_INTERNAL('mailto:qa@example.com', 'mail')}</p>`,
    );
  });

  it('single newlines are line breaks', () => {
    expect(bare('a\nb')).toBe('<p>a<br/>b</p>');
  });
});

describe('safeHref', () => {
  it('allows http(s), mailto and same-site paths only', () => {
    expect(safeHref('https://a.b')).toBe('https://a.b');
    expect(safeHref('mailto:x@y.z')).toBe('mailto:x@y.z');
    expect(safeHref('/graph?workflow=1')).toBe('/graph?workflow=1');
    expect(safeHref('//evil.com')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
  });
});

describe('blocks', () => {
  it('the Planner’s report: a heading, a paragraph of lines, a bullet list with continuation lines, a numbered list', () => {
    const md = [
      '## Result',
      'The run **succeeded**.',
      'QA score 60/100.',
      '',
      '- FCA-DISC-01 — Tell the customer that the call is recorded.',
      '  (nothing in the call to quote)',
      '- FCA-DISC-05 — State the APRC.',
      '',
      '1. Reuse it',
      '2. Adapt it',
    ].join('\n');
    expect(bare(md)).toBe(
      '<p>Result</p>' +
        '<p>The run <strong>succeeded</strong>.<br/>QA score 60/100.</p>' +
        '<ul><li>FCA-DISC-01 — Tell the customer that the call is recorded.<br/>(nothing in the call to quote)</li>' +
        '<li>FCA-DISC-05 — State the APRC.</li></ul>' +
        '<ol><li>Reuse it</li><li>Adapt it</li></ol>',
    );
  });

  it('headings are styled paragraphs, larger for levels 1 and 2: a reply never adds to the page’s outline', () => {
    const out = html('# One\n\n### Three');
    expect(out).not.toMatch(/<h\d/);
    expect(out).toContain('<p class="font-semibold text-slate-900 text-base">One</p>');
    expect(out).toContain('<p class="font-semibold text-slate-900 text-sm">Three</p>');
  });

  it('fenced code keeps its text verbatim, also unclosed', () => {
    expect(bare('```json\n{"a": **1**}\n```\nafter')).toBe('<pre tabindex="0"><code>{&quot;a&quot;: **1**}</code></pre><p>after</p>');
    expect(bare('```\nopen')).toBe('<pre tabindex="0"><code>open</code></pre>');
    expect(html('```\na\n\nb\n```')).toContain('<code>a\n\nb</code>');
  });

  it('quotes, rules, numbered lists starting elsewhere, CRLF', () => {
    expect(bare('> “Your home may be repossessed”\r\n\r\n---\r\n3. third')).toBe(
      '<blockquote><p>“Your home may be repossessed”</p></blockquote><hr/><ol start="3"><li>third</li></ol>',
    );
  });

  it('nested lists stay nested', () => {
    expect(bare('- a\n  1. b\n- c')).toBe('<ul><li>a<ol><li>b</li></ol></li><li>c</li></ul>');
  });

  it('GitHub-style tables: header, alignment, rows padded to the header, escaped pipes, inline Markdown in cells', () => {
    const md = [
      'Findings:',
      '| Advisor | Calls | Mean QA score |',
      '|---|:---:|---:|',
      '| Alex Wong | 4 | **68.5** |',
      '| Priya \\| Shah | 2 |',
      '',
      'after',
    ].join('\n');
    expect(bare(md)).toBe(
      '<p>Findings:</p>' +
        '<div role="region" aria-label="Table" tabindex="0"><table><thead><tr>' +
        '<th scope="col">Advisor</th><th scope="col" style="text-align:center">Calls</th><th scope="col" style="text-align:right">Mean QA score</th>' +
        '</tr></thead><tbody>' +
        '<tr><td>Alex Wong</td><td style="text-align:center">4</td><td style="text-align:right"><strong>68.5</strong></td></tr>' +
        '<tr><td>Priya | Shah</td><td style="text-align:center">2</td><td style="text-align:right"></td></tr>' +
        '</tbody></table></div>' +
        '<p>after</p>',
    );
  });

  it('a table scrolls in its own focusable region with the chat’s table styling', () => {
    const out = html('| a |\n|---|\n| 1 |');
    expect(out).toContain(
      '<div role="region" aria-label="Table" tabindex="0" class="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-500">',
    );
    expect(out).toContain('<table class="min-w-full border-collapse text-left text-sm">');
    expect(out).toContain('<th scope="col" class="px-2 py-1 font-semibold text-slate-900">a</th>');
    expect(out).toContain('<td class="px-2 py-1 align-top">1</td>');
  });

  it('pipes without a delimiter row are text', () => {
    expect(bare('| not | a table |\n| still text |')).toBe('<p>| not | a table |<br/>| still text |</p>');
  });

  it('empty text has no blocks', () => {
    expect(bare('  \n\n')).toBe('');
  });
});

describe('no script can get in', () => {
  it('raw HTML is shown as text, in paragraphs, blocks and table cells', () => {
    const out = html(
      [
        '<script>alert(1)</script>',
        '',
        'Say <b onclick="alert(1)">hi</b>',
        '',
        '| a | b |',
        '|---|---|',
        '| <img src=x onerror=alert(1)> | <iframe src="https://evil.example"></iframe> |',
      ].join('\n'),
    );
    expect(out).not.toMatch(/<(script|b|img|iframe)[\s>]/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('<td class="px-2 py-1 align-top">&lt;img src=x onerror=alert(1)&gt;</td>');
  });

  it('javascript:, data: and protocol-relative links lose their link, however they are spelt', () => {
    for (const md of [
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x]( javascript:alert(1) )',
      '[x](&#106;avascript:alert(1))',
      '[x](java\tscript:alert(1))',
      '<javascript:alert(1)>',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](//evil.example)',
      '[x][r]\n\n[r]: javascript:alert(1)',
      '| [x](javascript:alert(1)) |\n|---|\n| [y](vbscript:msgbox) |',
    ]) {
      const out = html(md);
      expect(out, md).not.toContain('<a ');
      expect(out, md).not.toMatch(/href=/);
    }
    expect(bare('[click](javascript:alert(1))')).toBe('<p>click</p>');
  });

  it('an image is a link to it, never fetched by the page, and an unsafe image is its alt text', () => {
    expect(bare('![chart](https://example.com/c.png)')).toBe(`<p>${A_EXTERNAL('https://example.com/c.png', 'chart')}</p>`);
    expect(bare('![pixel](javascript:alert(1))')).toBe('<p>pixel</p>');
    expect(html('![x](https://tracker.example/p.gif?leak=1)')).not.toContain('<img');
  });
});
