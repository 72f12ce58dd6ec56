import { describe, expect, it } from 'vitest';
import { plainPreview } from './plain-preview';

describe('plainPreview', () => {
  it('drops Markdown marks and tables, keeps link text', () => {
    const md =
      'The lowest is **Daniel Brooks**: 39/100.\n\n| Advisor | Score |\n|---|---|\n| Daniel | 39 |\n\n' +
      'Run `abc` — [open the QA queue](/qa?from=2024-07-01) to review.';
    expect(plainPreview(md)).toBe('The lowest is Daniel Brooks: 39/100.\n\nRun abc — open the QA queue to review.');
  });

  it('leaves plain text as it is', () => {
    expect(plainPreview('Weekly QA review finished')).toBe('Weekly QA review finished');
  });
});
