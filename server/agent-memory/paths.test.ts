import { describe, expect, it } from 'vitest';
import { agentDirName, MAX_NAME_BYTES, MAX_PATH_BYTES, memoryPathSegments } from './paths.ts';
import { MemoryFileError } from './errors.ts';

const refusal = (p: string) => {
  try {
    memoryPathSegments(p);
    return 'accepted';
  } catch (e) {
    expect(e).toBeInstanceOf(MemoryFileError);
    return (e as MemoryFileError).code;
  }
};

describe('memoryPathSegments', () => {
  it('splits a relative path into its names', () => {
    expect(memoryPathSegments('analyst_logs/daily_analysis_2023-10-26.md')).toEqual(['analyst_logs', 'daily_analysis_2023-10-26.md']);
    expect(memoryPathSegments('notes.md')).toEqual(['notes.md']);
    expect(memoryPathSegments('a/.hidden/..x/…ünï.txt')).toEqual(['a', '.hidden', '..x', '…ünï.txt']);
  });

  it('refuses what would leave the directory as forbidden', () => {
    const escapes = ['../x', 'a/../../x', 'a/..', '/etc/passwd', 'C:/x', 'c:x', '\\\\server\\share', 'a\\..\\b', '//host/x'];
    for (const p of escapes) {
      expect(refusal(p), p).toBe('forbidden');
    }
  });

  it('refuses malformed paths as invalid_input', () => {
    const cases = [
      '',
      'a\0b',
      'a//b',
      'a/',
      './a',
      'a/./b',
      'a\nb',
      'notes/a:b',
      '.dcf-tmp-1',
      'x/.dcf-type-hints.json',
      `${'a'.repeat(MAX_NAME_BYTES + 1)}`,
      `${'ab/'.repeat(MAX_PATH_BYTES / 3)}x`,
      `${'a/'.repeat(40)}x`,
    ];
    for (const p of cases) expect(refusal(p), JSON.stringify(p.slice(0, 40))).toBe('invalid_input');
  });

  it('counts lengths in UTF-8 bytes', () => {
    expect(refusal('é'.repeat(128))).toBe('invalid_input'); // 256 bytes
    expect(refusal('é'.repeat(127))).toBe('accepted');
  });
});

describe('agentDirName', () => {
  it('keeps ordinary agent ids and escapes everything else one-to-one', () => {
    expect(agentDirName('agent-3f2a_b.c@x')).toBe('agent-3f2a_b.c@x');
    expect(agentDirName('..')).toBe('%2E.');
    expect(agentDirName('.')).toBe('%2E');
    expect(agentDirName('a/b')).toBe('a%2Fb');
    expect(agentDirName('a%2Fb')).toBe('a%252Fb');
    expect(agentDirName('a:b')).toBe('a%3Ab');
    expect(() => agentDirName('')).toThrow(MemoryFileError);
    expect(() => agentDirName('x'.repeat(300))).toThrow(/too long/);
  });
});
