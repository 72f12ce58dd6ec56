import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';

/**
 * The README and the guides in docs/ stay navigable: the README is short (at most 200 lines, a
 * newcomer reads it), and every relative link in them names a file that exists and, with a
 * `#fragment`, a heading of that file (GitHub's anchor: lower case, punctuation dropped, spaces → -).
 */
const files = [
  'README.md',
  ...readdirSync(path.join(PROJECT_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

describe('README and docs', () => {
  it('the README is at most 200 lines', () => {
    expect(readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });

  it.each(files)('%s: every relative link resolves to a file and a heading', (file) => {
    const from = path.join(PROJECT_ROOT, file);
    const broken: string[] = [];
    for (const link of links(readFileSync(from, 'utf8'))) {
      const [target, fragment] = link.split('#') as [string, string | undefined];
      const resolved = target ? path.resolve(path.dirname(from), target) : from;
      if (!existsSync(resolved)) broken.push(`${link}: no such file`);
      else if (fragment && resolved.endsWith('.md') && !anchors(resolved).has(fragment)) broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
