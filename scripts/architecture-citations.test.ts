import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The architecture document the code cites lives in the repository: every citation names
 * `docs/ARCHITECTURE.md`, and a cited section ("Ports and adapters") is one of its headings.
 */
const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.md', '*.mjs', '*.cjs', '*.sh'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('docs/') && existsSync(path.join(root, f)));
const doc = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
const headings = new Set([...doc.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.trim()));

const citations = files.flatMap((f) => {
  const text = readFileSync(path.join(root, f), 'utf8');
  const found = [...text.matchAll(/(\S*)ARCHITECTURE\.md(?:\s+"([^"]+)")?/g)];
  // A section name may wrap onto the next comment line (" * ").
  return found.map((m) => ({ file: f, prefix: m[1]!, section: m[2]?.replace(/\s*\n\s*(?:\*\s*)?/g, ' ') }));
});

describe('citations of the architecture document', () => {
  it('exist', () => expect(citations.length).toBeGreaterThan(5));

  it.each(citations.map((c) => [c.file, c] as const))('%s cites docs/ARCHITECTURE.md', (_f, c) => {
    // `docs/ARCHITECTURE.md`, possibly inside Markdown or a comment's punctuation: `[`, `(`, a backtick.
    expect(c.prefix).toMatch(/(?:^|[[(`*"'\]])docs\/$/);
    expect(c.prefix).not.toMatch(/[\w.-]\/docs\/$/);
    if (c.section) expect([...headings]).toContain(c.section);
  });
});
