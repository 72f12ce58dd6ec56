import { loadConfig } from '../../server/config.ts';
import { verifyAuditChain, type ChainVerification } from '../../server/audit/verify.ts';
import { PROJECT_ROOT } from '../context.ts';
import { cliDatabase, closeCliDatabase } from '../database.ts';
import { parseFlags } from '../flags.ts';
import { EXIT, printJson, usageError, type ExitCode } from '../io.ts';

const USAGE = 'dcf audit verify [--json]';

/**
 * `dcf audit verify` — checks the audit log's hash chain in the console's database (the shared
 * PGlite when the console runs, PostgreSQL when configured). Prints a summary, or the
 * verification as JSON with `--json`; exit 0 intact, 1 not intact, 2 usage. It needs only the
 * database, so it opens and closes that itself (not one of main.ts's execution commands).
 */
export async function auditCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: [], switches: ['json'] });
  if (f.error) return usageError(`${f.error}\n${USAGE}`);
  if (f.positional.length !== 1 || f.positional[0] !== 'verify') return usageError(USAGE);
  const result = await cliDatabase(loadConfig(process.env, PROJECT_ROOT))
    .then(({ db }) => verifyAuditChain(db))
    .finally(closeCliDatabase);
  if (f.switches.has('json')) printJson(result);
  else process.stdout.write(summary(result));
  return result.intact ? EXIT.ok : EXIT.failed;
}

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** The human summary: the verdict, what was checked, the head hash or the first problem. */
export function summary(r: ChainVerification): string {
  const lines: string[] = [];
  const before = r.unchained > 0 ? `; ${entries(r.unchained)} from before the chain began (not verifiable)` : '';
  if (r.intact) lines.push(`Audit log intact: ${entries(r.checked)} checked${before}.`);
  else {
    const p = r.firstProblem!;
    lines.push(`Audit log NOT intact: entry #${p.id} was ${p.kind}.`);
    lines.push(`  ${p.detail}`);
    lines.push(`${entries(r.checked)} checked and intact before it${before}.`);
  }
  lines.push(r.head ? `Head: entry #${r.head.id} ${r.head.hash}` : 'Head: none (no chained entries yet)');
  return lines.join('\n') + '\n';
}
