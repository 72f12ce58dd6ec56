import { invokeTool } from '../../server/tools/invoke.ts';
import type { AnyTool } from '../../server/tools/define-tool.ts';
import { validateWorkflowTool } from '../../server/tools/workflows/validate-workflow.ts';
import { validateSkillManifestTool } from '../../server/tools/skills/validate-skill-manifest.ts';
import { cliToolContext } from '../context.ts';
import { EXIT, printJson, readJsonSource, usageError, type ExitCode } from '../io.ts';

/**
 * `dcf validate <file|->` and `dcf validate-skill <file|->`: print `{valid, errors, warnings}`;
 * exit 0 valid, 1 invalid, 2 when the file cannot be read or parsed (still JSON on stdout).
 * Both run the same tool the agents call; the CLI only reads the file.
 */
async function validateWith(tool: AnyTool, field: 'workflow' | 'manifest', args: string[], usage: string): Promise<ExitCode> {
  const [source] = args;
  if (!source || args.length > 1) return usageError(usage);
  const read = await readJsonSource(source);
  if ('error' in read) {
    printJson({ valid: false, errors: [{ path: '', code: read.code, message: read.error }], warnings: [] });
    return EXIT.usage;
  }
  const result = await invokeTool(tool, { [field]: read.doc }, cliToolContext());
  if (result.status !== 'ok') {
    printJson({ valid: false, errors: [{ path: '', code: `tool.${result.error_code}`, message: result.error }], warnings: [] });
    return EXIT.usage;
  }
  const { valid, errors, warnings } = result as unknown as { valid: boolean; errors: unknown[]; warnings: unknown[] };
  printJson({ valid, errors, warnings });
  return valid ? EXIT.ok : EXIT.failed;
}

export const validateCommand = (args: string[]) => validateWith(validateWorkflowTool as unknown as AnyTool, 'workflow', args, 'dcf validate <workflow.json | ->');
export const validateSkillCommand = (args: string[]) =>
  validateWith(validateSkillManifestTool as unknown as AnyTool, 'manifest', args, 'dcf validate-skill <manifest.json | ->');
