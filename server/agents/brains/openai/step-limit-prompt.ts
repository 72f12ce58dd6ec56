/**
 * What the model is told when the loop has stopped its turn at the step limit and asks it, once,
 * for a final answer with its tools disabled. It is appended to the system prompt rather than sent
 * as a later system message, because some chat templates (served by vLLM, llama.cpp, …) refuse a
 * system message anywhere but first, and it is the host speaking, not the user.
 */
export function stepLimitInstruction(steps: number): string {
  const used = steps === 1 ? 'the one step' : `all ${steps} steps`;
  return [
    '<step_limit>',
    `You have used ${used} you may take in this turn, so you cannot call any tool now.`,
    'Answer the user now, in a few short sentences and in plain words:',
    '- what you have done so far in this turn, with the results and ids the tool returns show;',
    '- what is still left to do for their request;',
    '- that they can say "continue" and you will go on from here.',
    'Claim nothing the tool returns above do not show.',
    '</step_limit>',
  ].join('\n');
}

/**
 * What the model is told when enforce mode refused a call over its tool-call plan's budget
 * (issue 17) and the loop asks it, once and with its tools disabled, for its best answer so far.
 */
export function budgetInstruction(refusal: string): string {
  return [
    '<budget_exhausted>',
    'The budget of your tool-call plan for this turn has run out, so you cannot call any tool now.',
    `The refusal: ${refusal.length > 600 ? `${refusal.slice(0, 599)}…` : refusal}`,
    'Give the user your best answer so far, in a few short sentences and in plain words:',
    '- that the budget ran out;',
    '- what you have done so far in this turn, with the results and ids the tool returns show;',
    '- what is still left to do for their request;',
    '- that they can say "continue" and you will go on from here.',
    'Claim nothing the tool returns above do not show.',
    '</budget_exhausted>',
  ].join('\n');
}
