import { findTool, TOOLS } from '../../server/tools/registry.ts';
import { invokeTool } from '../../server/tools/invoke.ts';
import { cliToolContext } from '../context.ts';
import { recordAudit } from '../../server/audit/log.ts';
import { EXIT, printJson, readSource, usageError, type ExitCode } from '../io.ts';

/** `dcf tool <name> ['<json>'|-]` — runs any tool; exit 0 ok, 1 tool error, 2 usage. */
export async function toolCommand(args: string[]): Promise<ExitCode> {
  const [name, arg] = args;
  if (!name) return usageError("dcf tool <name> ['<json>' | -]: name a tool");
  const tool = findTool(name);
  if (!tool) return usageError(`unknown tool "${name}"; known tools: ${TOOLS.map((t) => t.name).join(', ')}`);
  let input: unknown = {};
  if (arg !== undefined) {
    const text = arg === '-' ? await readSource('-') : { text: arg };
    if ('error' in text) return usageError(text.error);
    try {
      input = JSON.parse(text.text);
    } catch (err) {
      return usageError(`the arguments must be JSON: ${(err as Error).message}`);
    }
  }
  const ctx = cliToolContext();
  const result = await invokeTool(tool, input, ctx, {
    // Mutating calls are audited like the console's: one row in the audit log (the database is
    // the console's shared PGlite when it runs, else opened here).
    audit: tool.readOnly ? undefined : { record: async (entry) => recordAudit(await ctx.services.db!(), entry) },
    onInternalError: (t, err) => process.stderr.write(`internal error in ${t}: ${err instanceof Error ? err.stack : String(err)}\n`),
  });
  printJson(result);
  return result.status === 'ok' ? EXIT.ok : EXIT.failed;
}
