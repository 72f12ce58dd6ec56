import { describe, expect, it } from 'vitest';
import { formFields } from './form-fields';
import { formToInput } from './form-to-input';
import {
  advisorFieldOf,
  advisorProblem,
  datePairs,
  liveProblems,
  matchAdvisor,
  orderedFields,
  periodProblems,
  withCrmSpelling,
  type AdvisorChoice,
  type AdvisorList,
} from './run-form-checks';

const specSchema = {
  type: 'object',
  properties: {
    advisor_name: { type: 'string' },
    start_date: { type: 'string', format: 'date' },
    end_date: { type: 'string', format: 'date' },
  },
  required: ['advisor_name', 'start_date', 'end_date'],
};
const fields = formFields(specSchema);
/** The CRM's directory as crm.advisors lists it (a few of the demo's advisors). */
const advisors: AdvisorChoice[] = [
  { advisor_id: 'ADV-001', name: 'Alex Wong', team: 'Home Finance North' },
  { advisor_id: 'ADV-002', name: 'Priya Shah', team: 'Home Finance North' },
  { advisor_id: 'ADV-005', name: "James O'Connor", team: 'Home Finance South' },
];
const ready: AdvisorList = { status: 'ready', advisors };

describe('periods', () => {
  it('pairs each start with its end: start_date/end_date, from/to, startDate/endDate, date-times too', () => {
    expect(datePairs(fields).map((p) => [p.start.name, p.end.name])).toEqual([['start_date', 'end_date']]);
    const other = formFields({
      properties: {
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        startDate: { type: 'string', format: 'date-time' },
        endDate: { type: 'string', format: 'date-time' },
        end_note: { type: 'string' },
        start_note: { type: 'string' },
      },
    });
    expect(datePairs(other).map((p) => [p.start.name, p.end.name])).toEqual([
      ['from', 'to'],
      ['startDate', 'endDate'],
    ]);
  });

  it('orders each period start → end, the rest as the schema lists it', () => {
    const reversed = formFields({
      properties: {
        end_date: { type: 'string', format: 'date' },
        advisor_name: { type: 'string' },
        start_date: { type: 'string', format: 'date' },
      },
    });
    expect(orderedFields(reversed).map((f) => f.name)).toEqual(['advisor_name', 'start_date', 'end_date']);
    expect(orderedFields(fields).map((f) => f.name)).toEqual(['advisor_name', 'start_date', 'end_date']);
  });

  it('a start after its end is refused on the end field, with both dates in en-GB', () => {
    expect(periodProblems(fields, { start_date: '2024-07-08', end_date: '2024-07-01' })).toEqual({
      end_date: 'Start date (8 Jul 2024) is after End date (1 Jul 2024): the period must start on or before its end.',
    });
  });

  it('a one-day period, a forward period and half-typed dates pass (formToInput judges the rest on Start)', () => {
    for (const v of [
      { start_date: '2024-07-01', end_date: '2024-07-01' },
      { start_date: '2024-07-01', end_date: '2024-07-07' },
      { start_date: '2024-07-08' },
      { start_date: '2024-07-08', end_date: '2024-07' },
    ])
      expect(periodProblems(fields, v)).toEqual({});
  });

  it('date-times compare as instants (one without a zone is London time, as formToInput reads it)', () => {
    const dt = formFields({
      properties: { startDate: { type: 'string', format: 'date-time' }, endDate: { type: 'string', format: 'date-time' } },
    });
    expect(periodProblems(dt, { startDate: '2024-07-01T10:00', endDate: '2024-07-01T09:59' })).toHaveProperty('endDate');
    expect(periodProblems(dt, { startDate: '2024-07-01T10:00', endDate: '2024-07-01T10:00+01:00' })).toEqual({});
    // 10:00 in London on a summer day is 09:00Z: an end at 09:30Z is after it.
    expect(periodProblems(dt, { startDate: '2024-07-01T10:00', endDate: '2024-07-01T09:30:00Z' })).toEqual({});
    expect(periodProblems(dt, { startDate: '2024-07-01T10:00', endDate: '2024-07-01T08:59:00Z' })).toHaveProperty('endDate');
  });
});

describe('the advisor', () => {
  it('is the advisor_name text field', () => {
    expect(advisorFieldOf(fields)?.name).toBe('advisor_name');
    expect(advisorFieldOf(formFields({ properties: { advisor_name: { enum: ['a'] } } }))).toBeNull();
    expect(advisorFieldOf(formFields({ properties: { name: { type: 'string' } } }))).toBeNull();
  });

  it('matches the CRM’s names in any case, with extra spaces or a curly apostrophe', () => {
    expect(matchAdvisor('  alex   WONG ', advisors)?.advisor_id).toBe('ADV-001');
    expect(matchAdvisor('James O’Connor', advisors)?.advisor_id).toBe('ADV-005');
    expect(matchAdvisor('Alex', advisors)).toBeNull();
    expect(matchAdvisor('', advisors)).toBeNull();
  });

  it('a name the CRM does not know is refused once the list is read; while it loads or when it cannot be read, not', () => {
    expect(advisorProblem('John Smith', ready)).toBe('“John Smith” is not an advisor in the CRM. Choose a name from the list.');
    expect(advisorProblem('priya shah', ready)).toBeNull();
    expect(advisorProblem('', ready)).toBeNull();
    expect(advisorProblem('John Smith', { status: 'loading' })).toBeNull();
    expect(advisorProblem('John Smith', { status: 'unavailable', reason: 'no CRM' })).toBeNull();
  });

  it('is sent as the CRM spells it', () => {
    const r = formToInput(fields, { advisor_name: 'alex wong', start_date: '2024-07-01', end_date: '2024-07-07' });
    expect(r.ok && withCrmSpelling(r.value, ready)).toEqual({
      advisor_name: 'Alex Wong',
      start_date: '2024-07-01',
      end_date: '2024-07-07',
    });
    expect(withCrmSpelling({ advisor_name: 'alex wong' }, { status: 'loading' })).toEqual({ advisor_name: 'alex wong' });
  });
});

describe('liveProblems', () => {
  it('collects the period and the advisor problems by field, and nothing for a good form', () => {
    expect(
      Object.keys(liveProblems(fields, { advisor_name: 'John Smith', start_date: '2024-07-08', end_date: '2024-07-01' }, ready)),
    ).toEqual(['end_date', 'advisor_name']);
    expect(liveProblems(fields, { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' }, ready)).toEqual({});
  });
});
