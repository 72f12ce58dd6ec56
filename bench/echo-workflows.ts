/** The engine benches' workflows: builtin.echo Tasks (a no-op skill), so what is timed is the engine. */

/** A builtin.echo Task with the state's other fields (Next, End, Parameters…). */
export const echo = (fields: Record<string, unknown>) => ({
  Type: 'Task',
  AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: ['skill://builtin.echo@1.0.0'] },
  ...fields,
});

/** A workflow document around `asl`, importing the echo skill. */
export const echoWorkflow = (asl: unknown) => ({
  workflow_schema_version: '2.2.0',
  workflow_id: '00000000-0000-4000-8000-0000000000be',
  workflow_name: 'bench',
  version: '1.0.0',
  workflow_input_schema: {},
  skill_imports: [{ uri: 'file://skills/builtin.echo.json' }],
  asl,
});

/** A chain of `n` echo Tasks, S0 → S1 → … */
export function echoChain(n: number) {
  const States: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) States[`S${i}`] = echo(i === n - 1 ? { End: true } : { Next: `S${i + 1}` });
  return echoWorkflow({ StartAt: 'S0', States });
}
