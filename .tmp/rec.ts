import { findRecurrence } from '../lib/nl/recurrence.ts';
for (const t of [
  'Every weekday morning, review yesterday\'s calls covering vulnerable customers',
  'Review yesterday\'s calls every weekday morning, covering vulnerable customers',
  'Every Monday at 9am review last week\'s calls for Priya',
  'Can you review last week\'s calls every Monday morning at 8, covering affordability?',
  'each morning at 7 check the previous day\'s calls',
  'review all calls from yesterday, every morning, covering the failures',
]) console.log(JSON.stringify(findRecurrence(t)));
