/**
 * Reading what people type, without a language model: confirmations, people and teams, products,
 * topics and outcomes; dates are lib/relative-dates.ts (re-exported here), its parts in ./dates.
 * Pure functions: the directory and product lists come from the caller (tools at run time).
 */
export { clockToday, resolveDateRange, type DateRange } from '../relative-dates.ts';
export { readConfirmation, type Answer, type Confirmation } from './confirmation.ts';
export { matchPeople, type DirectoryEntry, type PeopleFound, type PersonMatch } from './people.ts';
export { teamsIn } from './teams.ts';
export { unnamedSubject } from './how-subject.ts';
export { matchProduct, type ProductMatch } from './products.ts';
export { TOPIC_LABELS, TOPIC_NAMES, topicsIn, topicWordsIn, unmappedFocusIn, type Topic } from './topics.ts';
export { outcomesIn, type Outcome, type OutcomeChange } from './outcomes.ts';
export { findRecurrence, type Recurrence, type RecurrenceFound } from './recurrence.ts';
export { withoutRequestFrame } from './request-frame.ts';
export { readWorkAsk, type WorkAsk } from './request-reader.ts';
