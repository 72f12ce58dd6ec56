/**
 * The `dcf` command. Fast start by design: it imports only the tool layer and the engine,
 * never Next.js or the console, so `dcf validate` answers in well under a second.
 */
import { EXIT, usageError, type ExitCode } from './io.ts';

const HELP = `dcf — DCF Console command line

Usage:
  dcf tools                          every tool with its JSON Schemas
  dcf tool <name> ['<json>' | -]     run a tool; prints its JSON result (exit 0 ok, 1 tool error, 2 usage)
  dcf validate <workflow.json | ->   validate a Letta-ASL workflow (exit 0 valid, 1 invalid, 2 unreadable)
  dcf validate-skill <file | ->      validate a skill manifest (same output and exit codes)
  dcf compile <workflow.json | ->    print the control-plane meta of a valid workflow [--planner <agent uri>]
  dcf help                           this text
`;

type Command = (args: string[]) => Promise<ExitCode>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  tools: async () => (await import('./commands/tools.ts')).toolsCommand,
  tool: async () => (await import('./commands/tool.ts')).toolCommand,
  validate: async () => (await import('./commands/validate.ts')).validateCommand,
  'validate-skill': async () => (await import('./commands/validate.ts')).validateSkillCommand,
  compile: async () => (await import('./commands/compile.ts')).compileCommand,
};

async function main(argv: string[]): Promise<ExitCode> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(HELP);
    return name ? EXIT.ok : EXIT.usage;
  }
  const load = COMMANDS[name];
  if (!load) return usageError(`unknown command "${name}"`);
  return (await load())(args);
}

process.exitCode = await main(process.argv.slice(2)).catch((err: unknown) => {
  if (err && typeof err === 'object' && (err as Error).name === 'ConfigError') {
    return usageError((err as Error).message);
  }
  throw err;
});
