import { describe, expect, it } from 'vitest';
import { unnamedSubject } from './how-subject.ts';

describe('unnamedSubject: a how-question about someone it does not name', () => {
  it.each([
    ['how did she get on in june?', 'she'],
    ['How did her calls go last week', 'her calls'],
    ['how did my advisor do in june', 'my advisor'],
    ['how is the new guy getting on', 'the new guy'],
    ['how did they do last week', 'they'],
    ['how has mr x performed', 'mr x'],
  ])('%s → “%s”', (text, who) => {
    expect(unnamedSubject(text)).toBe(who);
  });

  it.each([
    'how did sarah do in june', // a name: the name finder reports it (people.ts)
    'How is Priya Shah getting on?',
    'how did mr smith do', // "smith" is a name
    'how did we do in june',
    'how did the team get on',
    'how did things go last week',
    'how did HELOC 2.0 do',
    'how did disclosures go in june',
    'show me her calls', // no how-question
    'how many calls did she take', // not how someone did
  ])('names someone, is about everyone or something else, or asks no such question: %s', (text) => {
    expect(unnamedSubject(text)).toBeNull();
  });
});
