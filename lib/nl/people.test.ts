import { describe, expect, it } from 'vitest';
import { matchPeople, type DirectoryEntry, type PersonMatch } from './people.ts';
import { DEMO_DIRECTORY, SECOND_DIRECTORY } from './testing/directories.ts';

/** The demo's eight advisors (a fixture: at run time the directory comes from the CRM). */
const DIRECTORY: DirectoryEntry[] = [
  ['Alex Wong', 'Home Finance North'],
  ['Priya Shah', 'Home Finance North'],
  ['Tom Ellis', 'Home Finance North'],
  ['Maria Garcia', 'Home Finance North'],
  ["James O'Connor", 'Home Finance South'],
  ['Fatima Khan', 'Home Finance South'],
  ['Daniel Brooks', 'Home Finance South'],
  ['Sophie Turner', 'Home Finance South'],
].map(([name, team]) => ({ name: name!, team: team! }));
/** The same with a second Alex and a second Turner. */
const WITH_ALEX_TURNER: DirectoryEntry[] = [...DIRECTORY, { name: 'Alex Turner', team: 'Home Finance South' }];

const found = (said: string, status: PersonMatch['status'], name: string | null, candidates?: string[]) => ({
  said,
  status,
  name,
  ...(candidates ? { candidates } : {}),
});

describe('matchPeople: names resolved against the directory', () => {
  it.each([
    ['Alex Wong', found('Alex Wong', 'exact', 'Alex Wong', ['Alex Wong'])],
    ['can u QA alex wong calls for last week pls', found('alex wong', 'exact', 'Alex Wong')],
    ['ALEX WONG', found('ALEX WONG', 'exact', 'Alex Wong')],
    ["Alex Wong's calls", found('Alex Wong', 'exact', 'Alex Wong')],
    ['Alex Wong’s calls', found('Alex Wong', 'exact', 'Alex Wong')],
    ['alex wongs calls', found('alex wong', 'exact', 'Alex Wong')],
    ["Score Alex Wong's calls from last week", found('Alex Wong', 'exact', 'Alex Wong')],
    ["James O'Connor's calls", found("James O'Connor", 'exact', "James O'Connor")],
    ['James O’Connor’s calls', found('James O’Connor', 'exact', "James O'Connor")],
    ['James OConnor', found('James OConnor', 'exact', "James O'Connor")],
    ['james o connor', found('james o connor', 'exact', "James O'Connor")],
    ['How did Priya do in June?', found('Priya', 'first_name', 'Priya Shah', ['Priya Shah'])],
    ['now for priya', found('priya', 'first_name', 'Priya Shah')],
    ["Khan's calls", found('Khan', 'first_name', 'Fatima Khan')],
    ['calls by Alex Wang', found('Alex Wang', 'fuzzy', 'Alex Wong', ['Alex Wong'])],
    ['calls by alex wang', found('alex wang', 'fuzzy', 'Alex Wong')],
    ['Priya Sha', found('Priya Sha', 'fuzzy', 'Priya Shah', ['Priya Shah'])],
    ['What about Daniel Brookes?', found('Daniel Brookes', 'fuzzy', 'Daniel Brooks')],
    ["Alex Wang's calls", found('Alex Wang', 'fuzzy', 'Alex Wong')],
  ])('%s', (text, expected) => {
    const r = matchPeople(text, DIRECTORY);
    expect(r.people).toHaveLength(1);
    expect(r.people[0]).toMatchObject(expected);
  });

  it('an unknown person: status unknown and the nearest advisors, at most three', () => {
    const [john] = matchPeople('Check the calls made by John Smith last week', DIRECTORY).people;
    expect(john).toMatchObject({ said: 'John Smith', status: 'unknown', name: null });
    expect(john!.candidates).toHaveLength(3);
    expect(DIRECTORY.map((a) => a.name)).toEqual(expect.arrayContaining(john!.candidates));
  });

  it("a single name said as a person's that is nobody's name part: close to one, else unknown", () => {
    expect(matchPeople("Review Sarah's calls", DIRECTORY).people).toMatchObject([{ said: 'Sarah', status: 'unknown', name: null }]);
    expect(matchPeople('calls by Sarah', DIRECTORY).people).toMatchObject([{ said: 'Sarah', status: 'unknown' }]);
    expect(matchPeople("Sophi's calls", DIRECTORY).people).toEqual([found('Sophi', 'fuzzy', 'Sophie Turner', ['Sophie Turner'])]);
    expect(matchPeople('Hi Selina, thanks', DIRECTORY).people).toEqual([]);
  });

  it('the person a how-question is about, in any case: never dropped for a question about everyone', () => {
    const said = (text: string, directory = DIRECTORY) => matchPeople(text, directory).people.map((p) => [p.said, p.status, p.name]);
    expect(said('how did sarah get on with her calls in the second week of july?')).toEqual([['sarah', 'unknown', null]]);
    expect(said('How is Sarah doing this month')).toEqual([['Sarah', 'unknown', null]]);
    expect(said('how has sarah jones performed since june')).toEqual([['sarah jones', 'unknown', null]]);
    expect(said('how did tom get on last week')).toEqual([['tom', 'first_name', 'Tom Ellis']]);
    expect(said('how did Sophi do')).toEqual([['Sophi', 'fuzzy', 'Sophie Turner']]);
    // A follow-up's "what about …?".
    expect(said('what about sarah?')).toEqual([['sarah', 'unknown', null]]);
    expect(said('and what about Sarah and Tom?')).toEqual([
      ['Sarah', 'unknown', null],
      ['Tom', 'first_name', 'Tom Ellis'],
    ]);
    for (const text of ['what about may?', 'what about heloc?', 'what about the south team?', 'what about her?'])
      expect(said(text)).toEqual([]);
    // A second lender's directory: a name it does not hold is asked about there too.
    expect(said('how did sarah do in june', SECOND_DIRECTORY)).toMatchObject([['sarah', 'unknown', null]]);
    // Not people: pronouns, the team, everyone, products, topics, other words.
    for (const text of ['how did we do in june', 'how did they do last week', 'how is she getting on', 'how did the team get on'])
      expect(said(text)).toEqual([]);
    for (const text of ['how did HELOC do in june', 'how did disclosures go in june', 'how did things go', 'how did compliance go'])
      expect(said(text)).toEqual([]);
  });

  it('an unknown name is said as written, without a possessive', () => {
    expect(matchPeople('Review calls for Mary Jones and Alex Wong', DIRECTORY).people.map((p) => [p.said, p.status])).toEqual([
      ['Mary Jones', 'unknown'],
      ['Alex Wong', 'exact'],
    ]);
    expect(matchPeople("Check the quality of John Smith's calls", DIRECTORY).people).toMatchObject([
      { said: 'John Smith', status: 'unknown' },
    ]);
  });

  it('several people in one message, in order, once each', () => {
    expect(matchPeople('Compare Alex Wong and Priya Shah', DIRECTORY).people.map((p) => p.name)).toEqual(['Alex Wong', 'Priya Shah']);
    expect(matchPeople("Tom Ellis's and Fatima Khan's calls, then Tom Ellis again", DIRECTORY).people.map((p) => p.name)).toEqual([
      'Tom Ellis',
      'Fatima Khan',
    ]);
    expect(matchPeople('Priya, then Alex Wong and John Smith', DIRECTORY).people.map((p) => [p.said, p.status])).toEqual([
      ['Priya', 'first_name'],
      ['Alex Wong', 'exact'],
      ['John Smith', 'unknown'],
    ]);
  });

  it('a name several advisors share is ambiguous, with all of them as candidates', () => {
    expect(matchPeople('Alex', WITH_ALEX_TURNER).people).toEqual([found('Alex', 'ambiguous', null, ['Alex Wong', 'Alex Turner'])]);
    expect(matchPeople("Turner's calls", WITH_ALEX_TURNER).people).toEqual([
      found('Turner', 'ambiguous', null, ['Sophie Turner', 'Alex Turner']),
    ]);
    expect(matchPeople('alex turner', WITH_ALEX_TURNER).people).toEqual([found('alex turner', 'exact', 'Alex Turner', ['Alex Turner'])]);
    expect(matchPeople('Sophie Turner and Alex Turner', WITH_ALEX_TURNER).people.map((p) => p.name)).toEqual([
      'Sophie Turner',
      'Alex Turner',
    ]);
    expect(matchPeople('Alex Turnr', WITH_ALEX_TURNER).people).toEqual([found('Alex Turnr', 'fuzzy', 'Alex Turner', ['Alex Turner'])]);
  });

  it.each([
    'Show me all calls this month where the customer sounded vulnerable',
    'Which advisor has the lowest QA score?',
    'Check the HELOC 2.0 calls in June',
    'Hi Selina Finance, calls from July',
    'Why did REC-88342 score so low?',
    'Will you review the calls in May?',
    'the hall was full',
  ])('names nobody: %s', (text) => {
    expect(matchPeople(text, DIRECTORY).people).toEqual([]);
  });
});

describe('matchPeople: teams and everyone', () => {
  it.each([
    ['Review the North team', ['Home Finance North'], false],
    ['calls from team south last week', ['Home Finance South'], false],
    ['Home Finance South', ['Home Finance South'], false],
    ['compare Home Finance North with the South team', ['Home Finance North', 'Home Finance South'], false],
    ['Re-run that for the whole North team', ['Home Finance North'], false],
    ['Compare the North and South teams', ['Home Finance North', 'Home Finance South'], false],
    ['everyone', [], true],
    ['all advisors', [], true],
    ['Re-run for the whole team', [], true],
    ['scale it to all of them', [], true],
    ['every advisor', [], true],
    ['how is the team doing', [], true],
    ['calls from the north of England', [], false],
    ['the Home Finance calls', [], false],
    ['Alex Wong', [], false],
  ])('%s', (text, teams, everyone) => {
    expect(matchPeople(text, DIRECTORY)).toMatchObject({ teams, everyone });
  });

  it('team words are not people', () => {
    expect(matchPeople('the North team and Priya Shah', DIRECTORY)).toMatchObject({
      people: [found('Priya Shah', 'exact', 'Priya Shah')],
      teams: ['Home Finance North'],
    });
  });

  it('refuses a directory that is not a list of names and teams, with a clear error', () => {
    expect(() => matchPeople('Alex', [{ name: 'Alex Wong' }] as unknown as DirectoryEntry[])).toThrow(/list of \{ name, team \}/);
  });

  it('an empty directory knows nobody and no team', () => {
    expect(matchPeople('Alex Wong and the North team', [])).toMatchObject({ teams: [], everyone: false });
    expect(matchPeople('Alex Wong', []).people).toEqual([found('Alex Wong', 'unknown', null, [])]);
  });
});

describe("matchPeople on a second lender's directory: particles, hyphens, diacritics, any case", () => {
  it.each([
    ['Siobhán Ní Bhriain', 'Siobhán Ní Bhriain', 'exact'],
    ['siobhan ni bhriain', 'Siobhán Ní Bhriain', 'exact'],
    ["Rhys ap Gwilym's calls", 'Rhys ap Gwilym', 'exact'],
    ['RHYS AP GWILYM', 'Rhys ap Gwilym', 'exact'],
    ['Carlos de la Cruz', 'Carlos de la Cruz', 'exact'],
    ['carlos de la cruz calls', 'Carlos de la Cruz', 'exact'],
    ['Aoife McAllister', 'Aoife McAllister', 'exact'],
    ['aoife mc allister', 'Aoife McAllister', 'exact'],
    ['Zoë Lefèvre-Martin', 'Zoë Lefèvre-Martin', 'exact'],
    ['Zoe Lefevre-Martin', 'Zoë Lefèvre-Martin', 'exact'],
    ['zoe lefevre martin', 'Zoë Lefèvre-Martin', 'exact'],
    ['Jan van der Berg', 'Jan van der Berg', 'exact'],
    ['Lukasz Nowak', 'Łukasz Nowak', 'exact'],
    ['Ahmad bin Rashid', 'Ahmad bin Rashid', 'exact'],
    ['How did Siobhan do?', 'Siobhán Ní Bhriain', 'first_name'],
    ["McAllister's calls", 'Aoife McAllister', 'first_name'],
    ['Łukasz', 'Łukasz Nowak', 'first_name'],
    ['Carlos de la Curz', 'Carlos de la Cruz', 'fuzzy'],
    ['Rhys ap Gwilim', 'Rhys ap Gwilym', 'fuzzy'],
    ['Aiofe McAlister', 'Aoife McAllister', 'fuzzy'],
  ])('%s → %s (%s)', (text, name, status) => {
    const r = matchPeople(text, SECOND_DIRECTORY);
    expect(r.people).toHaveLength(1);
    expect(r.people[0]).toMatchObject({ status, name });
  });

  it('a particle alone names nobody ("de", "la", "van", "ap", "bin")', () => {
    expect(matchPeople('calls from de la Rue and van hire, ap notes, bin day', SECOND_DIRECTORY).people).toEqual([]);
  });

  it('the teams of the second directory', () => {
    expect(matchPeople('the Wales team', SECOND_DIRECTORY)).toMatchObject({ teams: ['Lending Wales'], everyone: false });
    // Coordinated team words whose shared word stands before "teams": each team's own word names it.
    const lenders = [
      { name: 'Rhys ap Gwilym', team: 'Residential Lending' },
      { name: 'Jan van der Berg', team: 'Specialist Lending' },
    ];
    expect(matchPeople('compare the residential and specialist lending teams for March', lenders).teams).toEqual([
      'Residential Lending',
      'Specialist Lending',
    ]);
    expect(matchPeople('the residential mortgage market and the lending teams', lenders).teams).toEqual([]);
  });

  it('a swapped pair of letters is one edit: "Pryia Sha" → Priya Shah', () => {
    expect(matchPeople("Pryia Sha's calls in June", DEMO_DIRECTORY).people).toMatchObject([
      { said: 'Pryia Sha', status: 'fuzzy', name: 'Priya Shah' },
    ]);
  });
});
