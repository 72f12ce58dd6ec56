/**
 * Generated Letta-ASL workflows of a given size for benchmarks: a chain of Task states bound to a
 * catalog skill, with every tenth step a Parallel of two Task branches and every seventh a Choice,
 * so the validator's graph, scope, path and parameter checks all do real work. `states` counts
 * every state, nested ones included, exactly (at least 1); the result validates against the
 * shipped skill catalog (components/editor/model/generated-workflow.test.ts).
 */
export function generateWorkflow(states: number): unknown {
  const States: Record<string, unknown> = {};
  const binding = { agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: ['skill://sentiment-analysis@1.2.0'] };
  const task = (next: string | null) => ({
    Type: 'Task',
    AgentBinding: binding,
    Parameters: { 'text.$': '$.transcript.data.text' },
    ResultPath: '$.last',
    Retry: [{ ErrorEquals: ['States.Timeout'], MaxAttempts: 2, IntervalSeconds: 1, BackoffRate: 2 }],
    ...(next ? { Next: next } : { End: true }),
  });
  // Each step adds 1 state (a Task), 3 (a Parallel and its two branch Tasks) or 2 (a Choice and
  // its Fail), always leaving at least one state for the final Task, so the total is exact.
  let count = 0;
  for (let i = 0; count < states; i++) {
    const name = `S${i}`;
    const left = states - count;
    const next = left > 1 ? `S${i + 1}` : null;
    if (i % 10 === 9 && left >= 4) {
      States[name] = {
        Type: 'Parallel',
        Branches: [0, 1].map((b) => ({ StartAt: `S${i}B${b}`, States: { [`S${i}B${b}`]: task(null) } })),
        ResultSelector: { 'first.$': '$[0]' },
        Next: next,
      };
      count += 3;
    } else if (i % 7 === 6 && left >= 3) {
      States[name] = { Type: 'Choice', Choices: [{ Variable: '$.last.ok', BooleanEquals: false, Next: `Fail${i}` }], Default: next };
      States[`Fail${i}`] = { Type: 'Fail', Error: 'StepFailed', Cause: `step ${i} failed` };
      count += 2;
    } else {
      States[name] = task(next);
      count += 1;
    }
  }
  return {
    workflow_schema_version: '2.2.0',
    workflow_id: '0b9a6a3e-6d3f-4e0f-8a53-5a8f3e2f1c7d',
    workflow_name: `Generated ${states}`,
    version: '1.0.0',
    asl: { StartAt: 'S0', States },
  };
}
