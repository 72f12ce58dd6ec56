import { describeTools } from '../../server/tools/registry.ts';
import { EXIT, printJson, type ExitCode } from '../io.ts';

/** `dcf tools` — every tool with its description, read-only flag and JSON Schemas. */
export async function toolsCommand(): Promise<ExitCode> {
  printJson(describeTools());
  return EXIT.ok;
}
