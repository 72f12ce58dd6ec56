import { describe, expect, it } from 'vitest';
import { formatSkillUri, parseSkillUri } from './skill-uri.ts';

describe('skill URIs', () => {
  it.each([
    ['skill://salesforce-integration@2.1.0', 'salesforce-integration', '2.1.0'],
    ['skill://research.web@0.2.0', 'research.web', '0.2.0'],
    ['skill://gpt4o-diarize@1.0.0-rc.1', 'gpt4o-diarize', '1.0.0-rc.1'],
  ])('parses %s', (uri, name, version) => {
    expect(parseSkillUri(uri)).toEqual({ name, version });
    expect(formatSkillUri(name, version)).toBe(uri);
  });

  it.each([
    'file://skills/scoring.json',
    'skill://scoring',
    'skill://scoring@1.1',
    'skill://@1.0.0',
    'skill://-x@1.0.0',
    'skill://a b@1.0.0',
    ' skill://scoring@1.1.0',
  ])('rejects %j', (uri) => {
    expect(parseSkillUri(uri)).toBeNull();
  });
});
