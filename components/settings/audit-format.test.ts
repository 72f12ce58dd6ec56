import { describe, expect, it } from 'vitest';
import { auditTimeText, shortHash, verificationText } from './audit-format';

const HASH = 'sha256:' + 'ab'.repeat(32);
const SOURCES = { file: '/data/audit-anchors.jsonl', fileFound: true, redis: false };
const NO_ANCHOR = { status: 'none' as const, sources: { ...SOURCES, fileFound: false }, checked: 0, newest: null, unreadable: 0 };

const NO_ANCHOR_LINE = 'Anchors: the log has no external anchor yet (none in /data/audit-anchors.jsonl).';

describe('audit panel formats (en-GB, Europe/London)', () => {
  it('writes times in London time: BST in summer, GMT in winter', () => {
    expect(auditTimeText(new Date('2024-07-08T09:00:05Z'))).toBe('8 Jul 2024, 10:00:05 BST');
    expect(auditTimeText(new Date('2024-12-08T09:00:05Z'))).toBe('8 Dec 2024, 09:00:05 GMT');
  });

  it('shortens a hash to its prefix and 16 hex digits', () => {
    expect(shortHash(HASH)).toBe('sha256:abababababababab…');
    expect(shortHash('sha256:ab')).toBe('sha256:ab');
  });

  it('says an intact log is intact, with counts in en-GB', () => {
    expect(verificationText({ intact: true, checked: 1234, unchained: 2, head: { id: 1236, hash: HASH }, anchors: NO_ANCHOR })).toEqual({
      headline: 'Intact: 1,234 entries checked.',
      lines: [
        '2 entries from before the chain began (not verifiable).',
        'Anchors: the log has no external anchor yet (none in /data/audit-anchors.jsonl).',
      ],
    });
    const one = { intact: true, checked: 1, unchained: 0, head: { id: 1, hash: HASH }, anchors: NO_ANCHOR };
    expect(verificationText(one).headline).toBe('Intact: 1 entry checked.');
  });

  it('names the entry and what was wrong when it is not', () => {
    const v = { intact: false, checked: 4, unchained: 0, head: { id: 9, hash: HASH }, anchors: NO_ANCHOR };
    const removed = {
      id: 5,
      kind: 'removed' as const,
      detail: 'entry #5 was removed: entry #6 links to sha256:0123456789ab…, which no remaining entry has',
    };
    expect(verificationText({ ...v, firstProblem: removed })).toEqual({
      headline: 'Not intact: entry #5 was removed.',
      lines: [`${removed.detail}.`, '4 entries checked and intact before it.', NO_ANCHOR_LINE],
    });
  });

  it('says up to which anchor an anchored log is intact, in London time', () => {
    const newest = { entryId: 9, entryHash: HASH, anchoredAt: '2024-07-08T09:00:05.000Z', reason: 'export' as const };
    const anchors = { status: 'intact' as const, sources: SOURCES, checked: 1234, newest, unreadable: 0 };
    expect(verificationText({ intact: true, checked: 9, unchained: 0, head: { id: 9, hash: HASH }, anchors })).toEqual({
      headline: 'Intact: 9 entries checked.',
      lines: ['Anchors: intact up to the newest anchor, entry #9 of 8 Jul 2024, 10:00:05 BST (export); 1,234 anchors checked.'],
    });
  });

  it('names a truncation the anchors show, though the chain itself is intact', () => {
    const detail =
      'truncated: the anchor of 8 Dec 2024, 09:00:05 GMT names entry #13 (hash sha256:abababababababab…) ' +
      'which the log no longer holds; the log ends at #11';
    const anchor = { entryId: 13, entryHash: HASH, anchoredAt: '2024-12-08T09:00:05.000Z', reason: 'periodic' as const };
    const problem = { kind: 'truncated' as const, anchor, logEnd: 11, detail };
    const anchors = { status: 'broken' as const, sources: SOURCES, checked: 2, newest: anchor, unreadable: 1, problem };
    expect(verificationText({ intact: false, checked: 9, unchained: 0, head: { id: 11, hash: HASH }, anchors })).toEqual({
      headline: `Not intact: ${detail}.`,
      lines: ['9 entries checked: the chain itself is intact.', '  1 stored anchor line was not an anchor (ignored).'],
    });
  });
});
