import { registerSkillTool } from '../invoke/registered-tools.ts';

/** skill://builtin.echo@1.0.0, tool `echo`: returns its arguments unchanged (wiring checks, data-flow tests). */
export const ECHO_MANIFEST_ID = 'skill://builtin.echo@1.0.0';

export function echo(args: Record<string, unknown>): Record<string, unknown> {
  return args;
}

registerSkillTool(ECHO_MANIFEST_ID, 'echo', (args) => echo(args));
