/** What the Planner can do, said when a message asks for something else (an honest answer, not a guess). */
export const HELP = [
  "I'm the DCF Planner. Here is what I can do with your advice calls:",
  "- review the quality of one advisor's, several advisors' or a team's calls over a period" +
    " (“check the quality of Alex Wong's calls last week”, “how did Priya do in June?”);",
  '- check how advisors explain a product (“are advisors explaining HELOC 2.0 correctly this month?”);',
  "- find calls where the customer sounded vulnerable (“show me this month's calls with vulnerable customers”)," +
    ' or that failed disclosure or affordability rules (“which calls missed disclosures last week?”);',
  '- rank advisors or rules from the stored QA results' +
    ' (“which advisor has the lowest QA score?”, “which rule fails most?”, “who is weakest on disclosures?”),' +
    ' compare teams, advisors or periods (“compare the two teams for June”) and list the worst or best calls' +
    ' (“show me the three worst calls in June”), then which of those failed a mandatory rule and why' +
    ' (“which of those failed a mandatory rule, and why?”, “and for South?”);',
  "- explain a call's score with its failed rules and quotes (“why did REC-88342 score so low?”);",
  '- scale a pilot to every call, or run the same for another person, team or period (“the same for June”);',
  '- schedule a review, ranking or scan to run regularly and send you the results' +
    " (“every Monday at 9am, review every advisor's calls from the previous week”).",
  'I find a saved workflow or compose one from the skill catalog, check the request before running anything,' + ' and report the results.',
].join('\n');
