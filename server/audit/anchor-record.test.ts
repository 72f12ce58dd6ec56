import { mkdtemp, readFile, rm, stat, symlink, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAnchorFile, readAnchorFile } from './anchor-file.ts';
import { anchorLine, newestAnchor, parseAnchorLine, type AuditAnchor } from './anchor-record.ts';

const HASH = `sha256:${'ab'.repeat(32)}`;
const anchor = (entryId: number, anchoredAt = '2026-11-28T09:15:00.000Z'): AuditAnchor => ({
  entryId,
  entryHash: HASH,
  anchoredAt,
  reason: 'periodic',
});

async function readAll(file: string) {
  const r = await readAnchorFile(file);
  if (r.kind !== 'read') return r;
  const anchors: AuditAnchor[] = [];
  for await (const a of r.anchors) anchors.push(a);
  return { kind: r.kind, anchors, unreadable: r.unreadableLines() };
}

describe('anchor lines', () => {
  it('round-trips an anchor as one snake_case JSON line', () => {
    const line = anchorLine(anchor(13));
    const stored = { entry_id: 13, entry_hash: HASH, anchored_at: '2026-11-28T09:15:00.000Z', reason: 'periodic' };
    expect(JSON.parse(line)).toEqual(stored);
    expect(parseAnchorLine(line)).toEqual(anchor(13));
  });

  it('trusts nothing that is not exactly an anchor', () => {
    const good = JSON.parse(anchorLine(anchor(13)));
    for (const bad of [
      '',
      'not json',
      anchorLine(anchor(13)).slice(0, -3),
      JSON.stringify({ ...good, entry_id: 0 }),
      JSON.stringify({ ...good, entry_id: 1.5 }),
      JSON.stringify({ ...good, entry_hash: 'sha256:abc' }),
      JSON.stringify({ ...good, anchored_at: 'yesterday' }),
      JSON.stringify({ ...good, reason: 'because' }),
      JSON.stringify({ ...good, extra: 1 }),
      JSON.stringify({ ...good, reason: 'x'.repeat(600) }),
    ]) {
      expect(parseAnchorLine(bad), bad).toBeNull();
    }
  });

  it('the newest anchor is the one naming the highest entry; of equals, the later', () => {
    const later = anchor(9, '2026-11-28T10:00:00.000Z');
    expect(newestAnchor([anchor(9), null, later, anchor(3)])).toEqual(later);
    expect(newestAnchor([anchor(9), anchor(12, '2026-01-01T00:00:00.000Z')])?.entryId).toBe(12);
    expect(newestAnchor([])).toBeNull();
  });
});

describe('the anchor file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-anchor-file-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is missing until the first anchor, then appended to, mode 0600, one line per anchor', async () => {
    const file = path.join(dir, 'sub', 'audit-anchors.jsonl');
    expect(await readAnchorFile(file)).toEqual({ kind: 'missing' });
    await appendAnchorFile(file, anchor(3));
    await appendAnchorFile(file, anchor(7));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(`${anchorLine(anchor(3))}\n${anchorLine(anchor(7))}\n`);
    expect(await readAll(file)).toEqual({ kind: 'read', anchors: [anchor(3), anchor(7)], unreadable: 0 });
  });

  it('counts lines that are not anchors (an over-long one, a torn last one) without trusting them', async () => {
    const file = path.join(dir, 'torn.jsonl');
    await writeFile(file, `${anchorLine(anchor(1))}\n${'x'.repeat(200_000)}\n${anchorLine(anchor(2))}\n`);
    await appendFile(file, anchorLine(anchor(3)).slice(0, 40));
    expect(await readAll(file)).toEqual({ kind: 'read', anchors: [anchor(1), anchor(2)], unreadable: 2 });
  });

  it('reads across chunk boundaries', async () => {
    const file = path.join(dir, 'many.jsonl');
    const many = Array.from({ length: 2000 }, (_, i) => anchor(i + 1));
    await writeFile(file, many.map((a) => `${anchorLine(a)}\n`).join(''));
    expect(await readAll(file)).toEqual({ kind: 'read', anchors: many, unreadable: 0 });
  });

  it('refuses a symbolic link, for reading and for appending', async () => {
    const target = path.join(dir, 'elsewhere.jsonl');
    await writeFile(target, `${anchorLine(anchor(1))}\n`);
    const link = path.join(dir, 'link.jsonl');
    await symlink(target, link);
    const refused = { kind: 'unreadable', reason: expect.stringContaining('symbolic link') };
    expect(await readAnchorFile(link)).toMatchObject(refused);
    await expect(appendAnchorFile(link, anchor(2))).rejects.toThrow();
    expect(await readFile(target, 'utf8')).toBe(`${anchorLine(anchor(1))}\n`);
  });
});
