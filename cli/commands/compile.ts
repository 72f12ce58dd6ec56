import { compileWorkflowDocument } from '../../server/workflows/validate-document.ts';
import { cliToolContext } from '../context.ts';
import { EXIT, printJson, readDocumentOrReport, usageError, type ExitCode } from '../io.ts';

/**
 * `dcf compile <file|->` — prints the control-plane meta (spec §5.3) the engine derives from a
 * workflow; exit 1 with `{valid: false, errors, warnings}` when the workflow is invalid.
 */
export async function compileCommand(args: string[]): Promise<ExitCode> {
  const [source, ...rest] = args;
  let planner: string | undefined;
  if (rest[0] === '--planner' && rest[1]) planner = rest[1];
  else if (rest.length > 0) return usageError('dcf compile <workflow.json | -> [--planner agent://planner@1.0.0]');
  if (!source) return usageError('dcf compile <workflow.json | -> [--planner agent://planner@1.0.0]');
  const read = await readDocumentOrReport(source);
  if ('exit' in read) return read.exit;
  const { config } = cliToolContext().services;
  const { report, meta } = await compileWorkflowDocument(read.doc, { rootDir: config.rootDir, skillsDir: config.skillsDir, planner });
  if (!meta) {
    printJson(report);
    return EXIT.failed;
  }
  printJson(meta);
  return EXIT.ok;
}
