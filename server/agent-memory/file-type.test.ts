import { describe, expect, it } from 'vitest';
import { fileTypeHint, sniffType, typeByExtension } from './file-type.ts';

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('file_type_hint', () => {
  it('goes by extension first', () => {
    expect(typeByExtension('a/b.YAML')).toBe('YAML');
    expect(typeByExtension('b.yml')).toBe('YAML');
    expect(typeByExtension('log.md')).toBe('MARKDOWN');
    expect(typeByExtension('x.txt')).toBe('TEXT');
    expect(typeByExtension('x.bin')).toBeNull();
    expect(typeByExtension('.md')).toBeNull();
    expect(typeByExtension('dir.md/file')).toBeNull();
    expect(fileTypeHint('notes.md', bytes('key: value'))).toBe('MARKDOWN');
  });

  it('then the hint stated at write time, then the content', () => {
    expect(fileTypeHint('notes', bytes('just words'), 'YAML')).toBe('YAML');
    expect(fileTypeHint('notes', bytes('just words'))).toBe('TEXT');
  });

  it('sniffs YAML, Markdown, text and binary', () => {
    expect(sniffType(bytes('---\nanything'))).toBe('YAML');
    expect(sniffType(bytes('# params\nsymbol: BTCUSDT\nlevels:\n  - 1\n  - 2\n'))).toBe('YAML');
    expect(sniffType(bytes('# Daily log\n\nBought the dip.'))).toBe('MARKDOWN');
    expect(sniffType(bytes('- [x] done\n- [ ] todo'))).toBe('MARKDOWN');
    expect(sniffType(bytes('see [the docs](https://x)'))).toBe('MARKDOWN');
    expect(sniffType(bytes('plain words, no structure\nat all'))).toBe('TEXT');
    expect(sniffType(bytes(''))).toBe('UNKNOWN');
    expect(sniffType(Buffer.from([0xff, 0xfe, 0x00, 0x01]))).toBe('UNKNOWN');
    expect(sniffType(bytes('a\0b'))).toBe('UNKNOWN');
  });
});
