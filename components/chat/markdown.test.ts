import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, tableCells, safeHref } from './markdown';

describe('parseInline', () => {
  it('bold, italics, code and links; the rest is text', () => {
    expect(parseInline('A **QA score** of `60` — *capped*, see [the run](/runs?run=1).')).toEqual([
      { t: 'text', v: 'A ' },
      { t: 'strong', c: [{ t: 'text', v: 'QA score' }] },
      { t: 'text', v: ' of ' },
      { t: 'code', v: '60' },
      { t: 'text', v: ' — ' },
      { t: 'em', c: [{ t: 'text', v: 'capped' }] },
      { t: 'text', v: ', see ' },
      { t: 'link', href: '/runs?run=1', c: [{ t: 'text', v: 'the run' }] },
      { t: 'text', v: '.' },
    ]);
  });

  it('nests inline marks inside bold and keeps code literal', () => {
    expect(parseInline('**FCA-DISC-01 `x*y*`**')).toEqual([
      {
        t: 'strong',
        c: [
          { t: 'text', v: 'FCA-DISC-01 ' },
          { t: 'code', v: 'x*y*' },
        ],
      },
    ]);
  });

  it('does not turn snake_case or lone stars into italics', () => {
    expect(parseInline('run_id and 2 * 3 * 4')).toEqual([{ t: 'text', v: 'run_id and 2 * 3 * 4' }]);
    expect(parseInline('_quiet_')).toEqual([{ t: 'em', c: [{ t: 'text', v: 'quiet' }] }]);
  });

  it('links bare URLs without trailing punctuation; unsafe links stay text', () => {
    expect(parseInline('See https://example.com/a.')).toEqual([
      { t: 'text', v: 'See ' },
      { t: 'link', href: 'https://example.com/a', c: [{ t: 'text', v: 'https://example.com/a' }] },
      { t: 'text', v: '.' },
    ]);
    expect(parseInline('[x](javascript:alert(1))')).not.toContainEqual(expect.objectContaining({ t: 'link' }));
  });

  it('single newlines are line breaks', () => {
    expect(parseInline('a\nb')).toEqual([{ t: 'text', v: 'a' }, { t: 'br' }, { t: 'text', v: 'b' }]);
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

describe('parseMarkdown', () => {
  it('the Planner’s report: paragraphs, a heading, a bullet list with continuation lines, a numbered list', () => {
    const md = [
      '## Result',
      'The run **succeeded**.',
      'QA score 60/100.',
      '',
      '- FCA-DISC-01 — Tell the customer that the call is recorded.',
      '  (nothing in the call to quote)',
      '* FCA-DISC-05 — State the APRC.',
      '',
      '1. Reuse it',
      '2. Adapt it',
    ].join('\n');
    expect(parseMarkdown(md)).toEqual([
      { t: 'h', level: 2, c: [{ t: 'text', v: 'Result' }] },
      {
        t: 'p',
        c: [
          { t: 'text', v: 'The run ' },
          { t: 'strong', c: [{ t: 'text', v: 'succeeded' }] },
          { t: 'text', v: '.' },
          { t: 'br' },
          { t: 'text', v: 'QA score 60/100.' },
        ],
      },
      {
        t: 'ul',
        items: [
          [
            { t: 'text', v: 'FCA-DISC-01 — Tell the customer that the call is recorded.' },
            { t: 'br' },
            { t: 'text', v: '(nothing in the call to quote)' },
          ],
          [{ t: 'text', v: 'FCA-DISC-05 — State the APRC.' }],
        ],
      },
      { t: 'ol', start: 1, items: [[{ t: 'text', v: 'Reuse it' }], [{ t: 'text', v: 'Adapt it' }]] },
    ]);
  });

  it('fenced code keeps its text verbatim, also unclosed', () => {
    expect(parseMarkdown('```json\n{"a": **1**}\n```\nafter')).toEqual([
      { t: 'code', lang: 'json', v: '{"a": **1**}' },
      { t: 'p', c: [{ t: 'text', v: 'after' }] },
    ]);
    expect(parseMarkdown('```\nopen')).toEqual([{ t: 'code', lang: '', v: 'open' }]);
  });

  it('quotes, rules, numbered lists starting elsewhere, CRLF', () => {
    expect(parseMarkdown('> “Your home may be repossessed”\r\n\r\n---\r\n3. third')).toEqual([
      { t: 'quote', c: [{ t: 'text', v: '“Your home may be repossessed”' }] },
      { t: 'hr' },
      { t: 'ol', start: 3, items: [[{ t: 'text', v: 'third' }]] },
    ]);
  });

  it('nested list items are flattened into the list', () => {
    expect(parseMarkdown('- a\n  1. b\n- c')).toEqual([
      { t: 'ul', items: [[{ t: 'text', v: 'a' }], [{ t: 'text', v: 'b' }], [{ t: 'text', v: 'c' }]] },
    ]);
  });

  it('GitHub-style tables: header, alignment, rows padded or cut to the header, escaped pipes, inline Markdown in cells', () => {
    const md = [
      'Findings:',
      '| Advisor | Calls | Mean QA score |',
      '|---|:---:|---:|',
      '| Alex Wong | 4 | **68.5** |',
      '| Priya \\| Shah | 2 |',
      '',
      'after',
    ].join('\n');
    expect(parseMarkdown(md)).toEqual([
      { t: 'p', c: [{ t: 'text', v: 'Findings:' }] },
      {
        t: 'table',
        align: [null, 'center', 'right'],
        head: [[{ t: 'text', v: 'Advisor' }], [{ t: 'text', v: 'Calls' }], [{ t: 'text', v: 'Mean QA score' }]],
        rows: [
          [[{ t: 'text', v: 'Alex Wong' }], [{ t: 'text', v: '4' }], [{ t: 'strong', c: [{ t: 'text', v: '68.5' }] }]],
          [[{ t: 'text', v: 'Priya | Shah' }], [{ t: 'text', v: '2' }], []],
        ],
      },
      { t: 'p', c: [{ t: 'text', v: 'after' }] },
    ]);
  });

  it('pipes without a delimiter row are text', () => {
    expect(parseMarkdown('| not | a table |\n| still text |')).toEqual([
      { t: 'p', c: [{ t: 'text', v: '| not | a table |' }, { t: 'br' }, { t: 'text', v: '| still text |' }] },
    ]);
    expect(tableCells('| a | b \\| c |')).toEqual(['a', 'b | c']);
  });

  it('empty text has no blocks', () => {
    expect(parseMarkdown('  \n\n')).toEqual([]);
  });
});
