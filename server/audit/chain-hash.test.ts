import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { atText, entryHash, HASHED_COLUMNS, type ChainedEntry } from './chain-hash.ts';
import { redactSecrets } from './digest.ts';

const entry = (over: Partial<ChainedEntry> = {}): ChainedEntry => ({
  id: 7,
  at: '2024-07-08T09:00:00.123000Z',
  actorKind: 'user',
  actorId: 'u-1',
  actorLabel: 'admin@demo.dcf',
  action: 'qa.review',
  argsDigest: 'sha256:00',
  resultStatus: 'ok',
  detail: { code: 'x', token_id: 't-1' },
  content: { score: 80, notes: ['a', { b: 1, a: 2 }] },
  prevHash: 'sha256:ab',
  ...over,
});

describe('audit entry hash', () => {
  it('covers every column of audit_log except hash, under its column name', () => {
    const columns = getTableColumns(auditLog);
    const hashed = Object.keys(HASHED_COLUMNS).sort();
    expect(hashed).toEqual(
      Object.keys(columns)
        .filter((k) => k !== 'hash')
        .sort(),
    );
    for (const [prop, name] of Object.entries(HASHED_COLUMNS)) expect(columns[prop as keyof typeof columns].name).toBe(name);
  });

  it('is sha256:<64 hex> and independent of key order at every level', () => {
    const a = entryHash(entry());
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(entryHash(entry({ detail: { token_id: 't-1', code: 'x' }, content: { notes: ['a', { a: 2, b: 1 }], score: 80 } }))).toBe(a);
  });

  it('changes when any hashed value changes, secret-looking keys of detail included', () => {
    const base = entryHash(entry());
    const changes: Array<Partial<ChainedEntry>> = [
      { id: 8 },
      { at: '2024-07-08T09:00:00.123001Z' },
      { actorKind: 'agent' },
      { actorId: 'u-2' },
      { actorLabel: 'other@demo.dcf' },
      { action: 'qa.override' },
      { argsDigest: 'sha256:01' },
      { resultStatus: 'error' },
      { detail: { code: 'x', token_id: 't-2' } },
      { detail: null },
      { content: { score: 81, notes: ['a', { b: 1, a: 2 }] } },
      { content: null },
      { prevHash: null },
      { prevHash: 'sha256:ac' },
    ];
    for (const change of changes) expect(entryHash(entry(change)), JSON.stringify(change)).not.toBe(base);
  });

  it('treats absent detail and content like null', () => {
    expect(entryHash(entry({ detail: undefined as never, content: undefined }))).toBe(entryHash(entry({ detail: null, content: null })));
  });

  it('hashes content as stored: secrets redacted before hashing, so the secret never counts', () => {
    const stored = redactSecrets({ reviewer_note: 'fine', api_key: 'k-1', nested: { password: 'hunter2' } });
    expect(stored).toEqual({ api_key: '[redacted]', nested: { password: '[redacted]' }, reviewer_note: 'fine' });
    const other = redactSecrets({ reviewer_note: 'fine', api_key: 'k-2', nested: { password: 'swordfish' } });
    expect(entryHash(entry({ content: other }))).toBe(entryHash(entry({ content: stored })));
    expect(JSON.stringify(stored)).not.toMatch(/hunter2|k-1/);
  });

  it('writes at with microseconds, as the verifier reads the column', () => {
    expect(atText(new Date('2024-07-08T09:00:00.123Z'))).toBe('2024-07-08T09:00:00.123000Z');
  });
});
