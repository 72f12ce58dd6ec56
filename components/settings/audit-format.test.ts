import { describe, expect, it } from 'vitest';
import { auditTimeText, shortHash, verificationText } from './audit-format';

const HASH = 'sha256:' + 'ab'.repeat(32);

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
    expect(verificationText({ intact: true, checked: 1234, unchained: 2, head: { id: 1236, hash: HASH } })).toEqual({
      headline: 'Intact: 1,234 entries checked.',
      lines: ['2 entries from before the chain began (not verifiable).'],
    });
    expect(verificationText({ intact: true, checked: 1, unchained: 0, head: { id: 1, hash: HASH } }).headline).toBe('Intact: 1 entry checked.');
  });

  it('names the entry and what was wrong when it is not', () => {
    const v = { intact: false, checked: 4, unchained: 0, head: { id: 9, hash: HASH } };
    const removed = { id: 5, kind: 'removed' as const, detail: 'entry #5 was removed: entry #6 links to sha256:0123456789ab…, which no remaining entry has' };
    expect(verificationText({ ...v, firstProblem: removed })).toEqual({
      headline: 'Not intact: entry #5 was removed.',
      lines: [`${removed.detail}.`, '4 entries checked and intact before it.'],
    });
  });
});
