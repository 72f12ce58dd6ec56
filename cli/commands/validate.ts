import type { z } from 'zod';
import { invokeTool } from '../../server/tools/invoke.ts';
import type { ToolDefinition } from '../../server/tools/define-tool.ts';
import { validationReportSchema } from '../../server/validation/issue.ts';
import { validateWorkflowTool } from '../../server/tools/workflows/validate-workflow.ts';
import { validateSkillManifestTool } from '../../server/tools/skills/validate-skill-manifest.ts';
import { cliToolContext } from '../context.ts';
import { EXIT, printJson, readDocumentOrReport, usageError, type ExitCode } from '../io.ts';

/**
 * `dcf validate <file|->` and `dcf validate-skill <file|->`: print `{valid, errors, warnings}`;
 * exit 0 valid, 1 invalid, 2 when the file cannot be read or parsed (still JSON on stdout).
 * Both run the same tool the agents call; the CLI only reads the file.
 */
async function validateWith<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  field: 'workflow' | 'manifest',
  args: string[],
  usage: string,
): Promise<ExitCode> {
  const [source] = args;
  if (!source || args.length > 1) return usageError(usage);
  const read = await readDocumentOrReport(source);
  if ('exit' in read) return read.exit;
  const result = await invokeTool(tool, { [field]: read.doc }, cliToolContext());
  if (result.status !== 'ok') {
    printJson({ valid: false, errors: [{ path: '', code: `tool.${result.error_code}`, message: result.error }], warnings: [] });
    return EXIT.usage;
  }
  // Both validating tools return a ValidationReport among their fields; print exactly that.
  const { valid, errors, warnings } = validationReportSchema.parse(result);
  printJson({ valid, errors, warnings });
  return valid ? EXIT.ok : EXIT.failed;
}

export const validateCommand = (args: string[]) => validateWith(validateWorkflowTool, 'workflow', args, 'dcf validate <workflow.json | ->');
export const validateSkillCommand = (args: string[]) =>
  validateWith(validateSkillManifestTool, 'manifest', args, 'dcf validate-skill <manifest.json | ->');
