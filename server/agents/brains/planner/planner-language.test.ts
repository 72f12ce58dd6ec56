import { describe, expect, it } from 'vitest';
import { fakeTools } from './testing/fake-tools.ts';
import { ScriptedConversation } from './testing/script.ts';
import { secondLenderCrm } from './testing/second-lender.ts';
import { HELP } from './planner-brain.ts';

/**
 * Ordinary wording (issue 30): the everyday words of QA work, misspelt names, names with particles
 * and diacritics, lower case — on the demo's CRM and on a second lender's (other people, teams and
 * products). None of these may get the generic help text: each gets the work or a targeted
 * question. Today is 2024-07-08 (the demo clock).
 */
const names = (calls: Array<{ name: string }>) => calls.map((c) => c.name);
const demo = () => new ScriptedConversation(fakeTools());
const second = () => new ScriptedConversation(secondLenderCrm(fakeTools()));

describe('the everyday words of QA work open a review (demo CRM)', () => {
  it.each([
    ['Can you QA Tom Ellis for last week?', "To confirm: for Tom Ellis's calls last week (1–7 Jul 2024)"],
    ["priya shah's calls last week", "To confirm: for Priya Shah's calls last week"],
    ["audit the south team's recordings for July", 'To confirm: for the Home Finance South team'],
    ["re-check every one of Priya Shah's calls", 'Could you tell me which period'],
    ["look at Tom's conversations in May", 'Tom Ellis'],
    ["what's the compliance picture for Fatima this month?", 'Fatima Khan'],
    ['how is Tom Ellis doing?', 'Could you tell me which period'],
  ])('%s', async (text, expected) => {
    const t = await demo().turn(text);
    expect(t.reply).not.toBe(HELP);
    expect(names(t.calls)[0]).toBe('list_advisors');
    expect(t.reply).toContain(expected);
  });

  it('"re-check every one of Priya Shah\'s calls" three times in a row: the same question each time, never the help text', async () => {
    const c = demo();
    for (let i = 0; i < 3; i++) {
      const t = await c.turn("re-check every one of Priya Shah's calls");
      expect(t.reply).toContain('Could you tell me which period');
    }
    expect((await c.turn('in June')).reply).toContain("Priya Shah's calls in June");
  });

  it('"Pryia Sha\'s calls in June": did you mean Priya Shah? — and yes takes it, with June kept', async () => {
    const c = demo();
    const t = await c.turn("Pryia Sha's calls in June");
    expect(names(t.calls)).toEqual(['list_advisors']);
    expect(t.reply).toBe("I can't find “Pryia Sha” in the CRM. Did you mean Priya Shah?");
    const yes = await c.turn('yes');
    expect(yes.calls.find((x) => x.name === 'count_calls')!.args).toMatchObject({
      advisor_names: ['Priya Shah'],
      start_date: '2024-06-01',
      end_date: '2024-06-30',
    });
  });

  it('an implied request does not replace the answer to an open question: a name and calls after "which period?" complete it', async () => {
    const c = demo();
    await c.turn('How did Alex Wong do?');
    const t = await c.turn("Alex Wong's calls in June");
    expect(t.calls.find((x) => x.name === 'count_calls')!.args).toMatchObject({ advisor_names: ['Alex Wong'], start_date: '2024-06-01' });
  });
});

describe('a second lender: other people, teams and products', () => {
  it.each([
    ['Can you QA Siobhán Ní Bhriain for June?', 'Siobhán Ní Bhriain', '2024-06-01'],
    ['siobhan ni bhriain calls in June', 'Siobhán Ní Bhriain', '2024-06-01'],
    ["go through Rhys ap Gwilym's calls this month", 'Rhys ap Gwilym', '2024-07-01'],
    ["check carlos de la cruz's calls this month", 'Carlos de la Cruz', '2024-07-01'],
    ['audit Aoife McAllister for this month', 'Aoife McAllister', '2024-07-01'],
    ['How did Zoe Lefevre-Martin do in June?', 'Zoë Lefèvre-Martin', '2024-06-01'],
    ["look at Jan van der Berg's recordings this month", 'Jan van der Berg', '2024-07-01'],
    ["review Lukasz's calls in June", 'Łukasz Nowak', '2024-06-01'],
  ])('%s → %s', async (text, who, from) => {
    const t = await second().turn(text);
    const count = t.calls.find((x) => x.name === 'count_calls');
    expect(count?.args).toMatchObject({ advisor_names: [who], start_date: from });
    expect(t.reply).toContain(`To confirm: for ${who}'s calls`);
  });

  it('a misspelt name with a particle: did you mean …?', async () => {
    const t = await second().turn("Carlos de la Curz's calls in July");
    expect(t.reply).toBe("I can't find “Carlos de la Curz” in the CRM. Did you mean Carlos de la Cruz?");
  });

  it('a team of the second lender', async () => {
    const t = await second().turn("audit the Wales team's recordings for June");
    expect(t.calls.find((x) => x.name === 'count_calls')!.args).toMatchObject({ start_date: '2024-06-01', end_date: '2024-06-30' });
    expect(t.reply).toContain('the Lending Wales team');
  });

  it('a product word that is no product is asked about, with the products that share it', async () => {
    const t = await second().turn('Are advisors explaining mortgages correctly this month?');
    expect(t.reply).toBe("I don't have a product called “mortgages” in the CRM. Did you mean Second Charge Mortgage?");
    const d = await demo().turn('Are advisors explaining mortgage correctly this month?');
    expect(d.reply).toContain(
      "I can't find a product called “mortgage” in the CRM; " + 'its products are Debt Consolidation Loan, HELOC 2.0 or Homeowner Loan.',
    );
  });
});

describe('never drop what cannot be mapped', () => {
  it('"for Consumer Duty" in a review: a topic a review cannot narrow to, said plainly, and the confirmation still asked', async () => {
    const t = await demo().turn("check Priya Shah's calls for Consumer Duty last week");
    expect(t.reply).toMatch(/^I can't narrow a review to “Consumer Duty”: a review checks the whole rule set/);
    expect(t.reply).toContain("To confirm: for Priya Shah's calls last week");
  });

  it('a phrase no topic stands for ("for Fair Value"): said plainly with the topics it knows', async () => {
    const t = await demo().turn("check Priya Shah's calls for Fair Value last week");
    expect(t.reply).toMatch(/^I can't narrow a review to “Fair Value”: it is not a topic I can read/);
    expect(t.reply).toContain('(I know vulnerability, disclosures, affordability, complaints, Consumer Duty and identification checks)');
  });

  it('on the second lender too, and not for a name or a period', async () => {
    const t = await second().turn('audit Rhys ap Gwilym for Treating Customers Fairly this month');
    expect(t.reply).toContain('“Treating Customers Fairly”');
    const plain = await second().turn('audit Rhys ap Gwilym for this month');
    expect(plain.reply).not.toContain("I can't narrow");
  });
});

describe('a message that only names someone or something: a targeted question, never the help text', () => {
  it.each([
    [demo, 'Fatima Khan', "Do you want me to review Fatima Khan's calls? For which period?"],
    [demo, 'fatima khan', "Do you want me to review Fatima Khan's calls? For which period?"],
    [demo, 'what about tom?', "Do you want me to review Tom Ellis's calls? For which period?"],
    [demo, 'the south team in June', "Do you want me to review the Home Finance South team's calls in June (1–30 Jun 2024)?"],
    [demo, 'HELOC 2.0', 'Do you want me to check how advisors explain HELOC 2.0 in their calls? For which period?'],
    [second, 'what about Rhys ap Gwilym?', "Do you want me to review Rhys ap Gwilym's calls? For which period?"],
    [second, 'siobhan ni bhriain', "Do you want me to review Siobhán Ní Bhriain's calls? For which period?"],
    [second, 'the Wales team', "Do you want me to review the Lending Wales team's calls? For which period?"],
    [second, 'Bridging Finance', 'Do you want me to check how advisors explain Bridging Finance in their calls? For which period?'],
  ])('%#: %s', async (make, text, question) => {
    const t = await make().turn(text);
    expect(names(t.calls)).toEqual(['list_advisors', 'list_products']);
    expect(t.reply).toBe(question);
  });

  it.each([[demo], [second]])('a period alone: what to do with it, and the answer keeps the period (%#)', async (make) => {
    const c = make();
    const t = await c.turn('June');
    expect(t.reply).toMatch(/^What would you like me to do with the calls in June \(1–30 Jun 2024\) — review/);
    const rank = await c.turn('rank the advisors');
    expect(rank.calls.find((x) => x.name === 'summarise_qa_results')!.args).toMatchObject({
      filter: { from: '2024-06-01', to: '2024-06-30' },
    });
  });

  it('yes, then the period: the review is confirmed before anything runs', async () => {
    const c = second();
    await c.turn('what about Rhys ap Gwilym?');
    const yes = await c.turn('yes');
    expect(yes.reply).toContain('Could you tell me which period');
    const june = await c.turn('June');
    expect(june.calls.find((x) => x.name === 'count_calls')!.args).toMatchObject({
      advisor_names: ['Rhys ap Gwilym'],
      start_date: '2024-06-01',
    });
    expect(june.reply).toContain("To confirm: for Rhys ap Gwilym's calls in June");
    expect(c.calls.some((x) => x.name === 'start_workflow_run')).toBe(false);
  });

  it('the period as the answer is a yes: "for June" goes straight to the confirmation', async () => {
    const c = demo();
    await c.turn('fatima khan');
    const t = await c.turn('for June');
    expect(t.reply).toContain("To confirm: for Fatima Khan's calls in June (1–30 Jun 2024)");
  });

  it('a misspelt name alone: did you mean …?, then what to do', async () => {
    const c = demo();
    expect((await c.turn('Pryia Sha')).reply).toBe("I can't find “Pryia Sha” in the CRM. Did you mean Priya Shah?");
    expect((await c.turn('yes')).reply).toBe("Do you want me to review Priya Shah's calls? For which period?");
    expect((await c.turn('yes, in June')).reply).toContain("To confirm: for Priya Shah's calls in June");
  });

  it('a product alone, yes with a period: the product check (which proposes before running)', async () => {
    const c = demo();
    await c.turn('HELOC 2.0');
    const t = await c.turn('yes, this month');
    expect(t.calls.find((x) => x.name === 'count_calls')!.args).toMatchObject({ product: 'HELOC 2.0', start_date: '2024-07-01' });
    expect(t.calls.some((x) => x.name === 'start_workflow_run')).toBe(false);
  });

  it('no: nothing runs', async () => {
    const c = demo();
    await c.turn('the south team');
    const no = await c.turn('no');
    expect(no.reply).toMatch(/^Understood — I won't run anything/);
    expect(c.calls.map((x) => x.name)).toEqual(['list_advisors', 'list_products']);
  });

  it("a name on the other lender's list is not found on this one: asked about, not help", async () => {
    const t = await demo().turn('what about Rhys ap Gwilym?');
    expect(t.reply).toMatch(/^I can't find Rhys ap Gwilym in the CRM\. Did you mean /);
  });

  it('a kind of product that is no product: asked about with the products there are', async () => {
    expect((await second().turn('Mortgages')).reply).toBe(
      "I don't have a product called “Mortgages” in the CRM. Did you mean Second Charge Mortgage?",
    );
  });

  it('what names nothing in the CRM gets a plain "I can\'t tell" and what I can do; small talk gets the help text without a look-up', async () => {
    const t = await demo().turn('Quorvane');
    expect(t.reply).toMatch(/^I can't tell what you would like me to do with “Quorvane”: it names no advisor, team, product or period/);
    expect(t.reply).toContain(HELP);
    const chat = await demo().turn('what can you do?');
    expect(chat.calls).toEqual([]);
    expect(chat.reply).toBe(HELP);
  });

  it('after a finished answer too: a name alone is asked about', async () => {
    const c = demo();
    await c.turn('Book me a meeting room for Tuesday');
    expect((await c.turn('Tom Ellis')).reply).toBe("Do you want me to review Tom Ellis's calls? For which period?");
  });
});

describe('a product said in a review is never dropped: a review cannot be narrowed to a product, and says so', () => {
  const NARROW = (p: string) =>
    `I can't narrow a review to ${p} calls: a review takes the advisors and the period, not a product, ` +
    'so it covers all of their calls in the period.';
  it.each([
    [demo, "review Priya Shah's HELOC calls in June", NARROW('HELOC 2.0'), "To confirm: for Priya Shah's calls in June"],
    [
      second,
      "review Rhys ap Gwilym's Bridging Finance calls in June",
      NARROW('Bridging Finance'),
      "To confirm: for Rhys ap Gwilym's calls in June",
    ],
    [
      demo,
      "Priya's mortgage calls last week",
      "I don't have a product called “mortgage” in the CRM (its products: Debt Consolidation Loan, HELOC 2.0, Homeowner Loan), " +
        'and a review cannot be narrowed to a product anyway: it covers all of their calls in the period.',
      "To confirm: for Priya Shah's calls last week",
    ],
    [
      second,
      "Siobhán's mortgage calls in June",
      "I don't have a product called “mortgage” in the CRM (the nearest: Second Charge Mortgage), " +
        'and a review cannot be narrowed to a product anyway: it covers all of their calls in the period.',
      "To confirm: for Siobhán Ní Bhriain's calls in June",
    ],
  ])('%#: %s', async (make, text, note, question) => {
    const t = await make().turn(text);
    expect(names(t.calls)).toContain('list_products');
    expect(t.reply.startsWith(`${note}\n\n`)).toBe(true);
    expect(t.reply).toContain(question);
  });

  it('without a person: the product is said, and who is asked', async () => {
    const t = await demo().turn('review the HELOC calls in June');
    expect(t.reply).toContain(NARROW('HELOC 2.0'));
    expect(t.reply).toContain("Could you tell me which advisor's calls I should look at?");
  });

  it('replies that name no product ("Hmm, …", "Make it …") do not read the products', async () => {
    const c = demo();
    await c.turn('Please analyse the advice calls made by Alex Wong last week.');
    await c.turn('Hmm, what would that involve?');
    expect(names((await c.turn('Make it the last 14 days instead.')).calls)).toEqual(['count_calls']);
  });

  it('a review that names no product does not read the products', async () => {
    for (const [make, text] of [
      [demo, 'Can you QA Tom Ellis for last week?'],
      [second, 'audit Aoife McAllister for this month'],
    ] as const) {
      expect(names((await make().turn(text)).calls)).not.toContain('list_products');
    }
  });
});

describe('periods said with a bare month: "from May", "since May", "May–June", "for Q2", "last quarter"', () => {
  it.each([
    [demo, "look at Tom's conversations from May", 'Tom Ellis', '2024-05-01', '2024-05-31'],
    [demo, "review Priya Shah's calls since May", 'Priya Shah', '2024-05-01', '2024-07-08'],
    [demo, 'audit Alex Wong for May–June', 'Alex Wong', '2024-05-01', '2024-06-30'],
    [second, "check carlos de la cruz's calls from May to July", 'Carlos de la Cruz', '2024-05-01', '2024-07-08'],
    [second, 'audit Rhys ap Gwilym for Q2', 'Rhys ap Gwilym', '2024-04-01', '2024-06-30'],
    [second, "review Siobhán Ní Bhriain's calls last quarter", 'Siobhán Ní Bhriain', '2024-04-01', '2024-06-30'],
  ])('%#: %s', async (make, text, who, start_date, end_date) => {
    const t = await make().turn(text);
    expect(t.calls.find((x) => x.name === 'count_calls')?.args).toMatchObject({ advisor_names: [who], start_date, end_date });
  });
});
