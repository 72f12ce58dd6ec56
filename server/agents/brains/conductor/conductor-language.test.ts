import { describe, expect, it } from 'vitest';
import { fakeTools } from '../planner/testing/fake-tools.ts';
import { RULE_SET as SECOND_RULE_SET, secondLenderCrm } from '../planner/testing/second-lender.ts';
import { ScriptedConductor } from './testing/script.ts';

/**
 * The Conductor reads people with the Planner's front end (lib/nl) against the CRM it fetches with
 * list_advisors: the demo's and a second lender's directory (particles, diacritics, lower case,
 * typos, teams). A name it cannot resolve is a question, never a delegation and never dropped.
 */
const crm = secondLenderCrm(fakeTools());
const second = () => new ScriptedConductor({ list_advisors: crm, list_products: crm });
const subjects = (c: ScriptedConductor) => c.delegations().map((d) => d.context.subject);

describe('the Conductor reads people against the CRM', () => {
  it.each([
    ['Can you QA Tom Ellis for last week?', ['Tom Ellis']],
    ['audit priya shah and tom ellis for last week', ['Priya Shah', 'Tom Ellis']],
    ["look at James O'Connor's conversations from last week", ["James O'Connor"]],
  ])('demo: %s', async (text, who) => {
    const c = new ScriptedConductor();
    const t = await c.turn(text);
    expect(t.names[0]).toBe('list_advisors');
    expect(subjects(c)).toEqual(who);
  });

  it.each([
    ['Review the calls of Rhys ap Gwilym and Carlos de la Cruz from last week', ['Rhys ap Gwilym', 'Carlos de la Cruz']],
    ['check siobhan ni bhriain and aoife mcallister for last week', ['Siobhán Ní Bhriain', 'Aoife McAllister']],
    ['How did Zoë Lefèvre-Martin and Jan van der Berg do last week on disclosures?', ['Zoë Lefèvre-Martin', 'Jan van der Berg']],
    ['Review the Wales team for last week', ['Siobhán Ní Bhriain', 'Rhys ap Gwilym', 'Łukasz Nowak', 'Ahmad bin Rashid']],
  ])('second lender: %s', async (text, who) => {
    const c = second();
    await c.turn(text);
    expect(subjects(c)).toEqual(who);
    // Checked against the lender's own rule set, as its CRM names it.
    expect(c.delegations().map((d) => (d.context.inputs as { rule_set_id: string }).rule_set_id)).toEqual(who.map(() => SECOND_RULE_SET));
  });

  it('a typo is asked about ("Did you mean …?"); "yes" takes the name offered and the period said before', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn("Pryia Sha's calls last week");
    expect(t.reply).toBe("I can't find “Pryia Sha” in the CRM. Did you mean Priya Shah? Whose calls should I review?");
    expect(c.delegations()).toEqual([]);
    await c.turn('yes');
    expect(c.delegations().map((d) => d.context.request)).toMatchObject([
      { subjects: ['Priya Shah'], start_date: '2024-07-01', end_date: '2024-07-07' },
    ]);
  });

  it('one name resolved and one not: asks about the second rather than dropping it', async () => {
    const c = second();
    const t = await c.turn('Review Rhys ap Gwilym and Carlos de la Curz for last week');
    expect(t.reply).toContain('Did you mean Carlos de la Cruz?');
    await c.turn('Carlos de la Cruz');
    expect(subjects(c)).toEqual(['Rhys ap Gwilym', 'Carlos de la Cruz']);
  });

  it('a message that names a person but no work is a question about the period, not the help text', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn('Fatima Khan');
    expect(t.reply).toContain('Which period should I review?');
  });

  it('words that look like names but are not people ("HELOC", "Consumer Duty") are nobody', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn('Can you review the HELOC calls for Consumer Duty last week?');
    expect(t.reply).toContain('Whose calls should I review?');
  });
});

describe('never drop a focus the Conductor cannot read', () => {
  it('"on Treating Customers Fairly": said plainly with the delegation (overall quality instead)', async () => {
    const c = second();
    const t = await c.turn('Review Rhys ap Gwilym on Treating Customers Fairly for last week');
    expect(t.reply).toMatch(/^I can't focus a review on “Treating Customers Fairly”: it is not a topic I can read/);
    expect(c.delegations().map((d) => d.context.request)).toMatchObject([{ focus: 'overall' }]);
  });

  it('a topic it reads ("for Consumer Duty") is no note', async () => {
    const t = await new ScriptedConductor().turn('Review Alex Wong for Consumer Duty last week');
    expect(t.reply).not.toContain("I can't focus");
  });
});

describe('one list of topics with the Planner (lib/nl/topics.ts)', () => {
  it.each([
    ['Review Alex Wong for Consumer Duty last week', 'consumer_duty', () => new ScriptedConductor()],
    ['did Aoife McAllister do the ID checks last week?', 'identification', second],
    ['review Carlos de la Cruz for customers struggling to pay last week', 'vulnerable_customers', second],
  ])('%s → %s', async (text, focus, make) => {
    const c = make();
    await c.turn(text);
    expect(c.delegations().map((d) => d.context.request)).toMatchObject([{ focus }]);
  });
});

describe("a topic is the lender's rules about it, found in its rule set's own data", () => {
  it.each([
    ['Review Tom Ellis on complaints for last week', () => new ScriptedConductor(), 'compliance_rules_v2024Q4'],
    ['check Rhys ap Gwilym for unhappy customers last week', second, SECOND_RULE_SET],
  ])('a topic no rule is about is said plainly and asked about, never reviewed as overall quality: %s', async (text, make, ruleSet) => {
    const c = make();
    const t = await c.turn(text);
    expect(t.reply).toContain(`The rule set ${ruleSet} has no rule about complaints: its rules are about consumer duty, identification,`);
    expect(t.reply).toContain('Which of these should the review look at?');
    expect(c.delegations()).toEqual([]);
    expect(t.names).not.toContain('update_session_context');
  });

  const selectOf = (c: ScriptedConductor) => JSON.stringify((c.delegations()[0]!.context.plan as Array<{ select?: unknown }>)[2]!.select);

  it.each([
    ['Review Tom Ellis on complaints for last week', () => new ScriptedConductor(), 'Tom Ellis', ['PROD-01', 'PROD-04']],
    ['check Rhys ap Gwilym for unhappy customers last week', second, 'Rhys ap Gwilym', ['PROD-GR-01', 'PROD-BR-01']],
  ])('the answer to the topic question continues the request on the chosen category: %s', async (text, make, who, ids) => {
    const c = make();
    await c.turn(text);
    // An answer that names no category is asked again, and nothing is handed out.
    const unclear = await c.turn('hmm, not sure');
    expect(unclear.reply).toContain('I could not match that to the rule set.');
    expect(unclear.reply).toContain('Which of these should the review look at?');
    expect(c.delegations()).toEqual([]);
    const t = await c.turn('the product explanation ones');
    expect(subjects(c)).toEqual([who]);
    expect(t.reply).toContain('for product explanation');
    for (const id of ids) expect(selectOf(c)).toContain(`@.rule_id == \\"${id}\\"`);
    expect(selectOf(c)).not.toContain('FCA-DISC');
  });

  it.each([
    ['overall then', "@.verdict == 'fail'"],
    ['disclosures', '@.rule_id == \\"FCA-DISC-01\\"'],
  ])('"%s" after the topic question: overall quality, or a topic the rule set has rules for', async (answer, filter) => {
    const c = new ScriptedConductor();
    await c.turn('Review Tom Ellis on complaints for last week');
    await c.turn(answer);
    expect(subjects(c)).toEqual(['Tom Ellis']);
    expect(selectOf(c)).toContain(filter);
  });

  it('a new request instead of an answer is taken as a new request', async () => {
    const c = new ScriptedConductor();
    await c.turn('Review Tom Ellis on complaints for last week');
    await c.turn('Review Priya Shah for last week');
    expect(subjects(c)).toEqual(['Priya Shah']);
  });
});

describe('periods said with a bare month ("from May", "since May", "May–June") reach the delegation', () => {
  it.each([
    ["look at Tom's conversations from May", () => new ScriptedConductor(), ['Tom Ellis'], '2024-05-01', '2024-05-31'],
    ['review Alex Wong for May–June', () => new ScriptedConductor(), ['Alex Wong'], '2024-05-01', '2024-06-30'],
    ["check siobhan ni bhriain's calls since May", second, ['Siobhán Ní Bhriain'], '2024-05-01', '2024-07-08'],
    ['audit Rhys ap Gwilym from May to June', second, ['Rhys ap Gwilym'], '2024-05-01', '2024-06-30'],
  ])('%s', async (text, make, who, start_date, end_date) => {
    const c = make();
    await c.turn(text);
    expect(subjects(c)).toEqual(who);
    expect(c.delegations().map((d) => d.context.request)).toMatchObject([{ start_date, end_date }]);
  });
});

describe('a message that names people and a period but asks for no work is confirmed before anything is delegated', () => {
  const delegating = ['update_session_context', 'create_companion', 'delegate_task', 'broadcast_task'];

  it('"Priya Shah, last week": a question naming who, when and what; "yes" delegates exactly that', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn('Priya Shah, last week');
    expect(t.reply).toBe(
      'Shall I have the Companions review the calls of Priya Shah last week (1–7 Jul 2024) for overall call quality?' +
        " I'll hand one task per advisor to them once you say yes.",
    );
    expect(t.names.filter((n) => delegating.includes(n))).toEqual([]);
    expect(c.delegations()).toEqual([]);
    const yes = await c.turn('yes please');
    expect(yes.names).toContain('delegate_task');
    expect(c.delegations().map((d) => d.context.request)).toMatchObject([
      { subjects: ['Priya Shah'], start_date: '2024-07-01', end_date: '2024-07-07', focus: 'overall' },
    ]);
  });

  it('a name, then the period asked for, then "no": nothing is delegated', async () => {
    const c = second();
    expect((await c.turn('Rhys ap Gwilym')).reply).toContain('Which period should I review?');
    const t = await c.turn('last week');
    expect(t.reply).toMatch(/^Shall I have the Companions review the calls of Rhys ap Gwilym last week \(1–7 Jul 2024\)/);
    const no = await c.turn('no thanks');
    expect(no.reply).toBe('Fine, nothing is delegated.');
    expect(c.calls.map((x) => x.name).filter((n) => delegating.includes(n))).toEqual([]);
  });

  it('an answer that is neither yes nor no is asked again; a later yes still delegates', async () => {
    const c = new ScriptedConductor();
    await c.turn('tom ellis and fatima khan for June');
    const unclear = await c.turn('hmm, what would that involve?');
    expect(unclear.reply).toMatch(
      /^I'm not sure whether that is a yes or a no\. Shall I have the Companions review the calls of Tom Ellis and Fatima Khan/,
    );
    expect(c.delegations()).toEqual([]);
    await c.turn('yes');
    expect(c.delegations().map((d) => d.context.subject)).toEqual(['Tom Ellis', 'Fatima Khan']);
  });

  it('work asked for in words is delegated at once, as before', async () => {
    const c = new ScriptedConductor();
    const t = await c.turn('Review Priya Shah for last week');
    expect(t.names).toContain('delegate_task');
  });
});
