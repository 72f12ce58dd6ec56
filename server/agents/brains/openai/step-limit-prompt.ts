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
