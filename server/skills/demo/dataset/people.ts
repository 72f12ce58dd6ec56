import type { Advisor } from './types.ts';

/** The advisors of the demo world and their teams; Alex Wong is the new hire of spec §2. */
export const ADVISORS: readonly Advisor[] = [
  { advisor_id: 'ADV-001', name: 'Alex Wong', team: 'Home Finance North' },
  { advisor_id: 'ADV-002', name: 'Priya Shah', team: 'Home Finance North' },
  { advisor_id: 'ADV-003', name: 'Tom Ellis', team: 'Home Finance North' },
  { advisor_id: 'ADV-004', name: 'Maria Garcia', team: 'Home Finance North' },
  { advisor_id: 'ADV-005', name: "James O'Connor", team: 'Home Finance South' },
  { advisor_id: 'ADV-006', name: 'Fatima Khan', team: 'Home Finance South' },
  { advisor_id: 'ADV-007', name: 'Daniel Brooks', team: 'Home Finance South' },
  { advisor_id: 'ADV-008', name: 'Sophie Turner', team: 'Home Finance South' },
];

export interface Customer {
  title: 'Mr' | 'Mrs' | 'Ms';
  surname: string;
  dob: string;
  address: string;
}

/** Customers the generator draws from (title, surname, date of birth and address as spoken). */
export const CUSTOMERS: readonly Customer[] = [
  { title: 'Mr', surname: 'Okafor', dob: 'second of June 1969', address: '4 Mill Lane' },
  { title: 'Ms', surname: 'Lewis', dob: 'nineteenth of October 1982', address: '27 Station Road' },
  { title: 'Mr', surname: 'Nowak', dob: 'eleventh of January 1975', address: '8 Church Street' },
  { title: 'Mrs', surname: 'Hughes', dob: 'thirtieth of April 1961', address: '15 Park Avenue' },
  { title: 'Mr', surname: 'Campbell', dob: 'seventh of September 1988', address: '3 Orchard Close' },
  { title: 'Ms', surname: 'Ahmed', dob: 'twenty-second of May 1979', address: '61 High Street' },
  { title: 'Mr', surname: 'Fraser', dob: 'fifth of December 1966', address: '10 Queens Road' },
  { title: 'Mrs', surname: 'Kowalski', dob: 'fourteenth of August 1973', address: '22 Victoria Street' },
  { title: 'Mr', surname: 'Bennett', dob: 'ninth of March 1985', address: '5 The Green' },
  { title: 'Ms', surname: 'Rossi', dob: 'first of July 1990', address: '48 King Street' },
  { title: 'Mr', surname: 'Adeyemi', dob: 'sixteenth of February 1971', address: '19 Manor Road' },
  { title: 'Mrs', surname: 'Murphy', dob: 'twenty-fifth of November 1958', address: '7 Kingsway' },
];

export function advisorByName(name: string): Advisor | undefined {
  const wanted = name.trim().toLowerCase();
  return ADVISORS.find((a) => a.name.toLowerCase() === wanted);
}
