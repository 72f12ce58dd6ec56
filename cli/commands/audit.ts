import { loadConfig } from '../../server/config.ts';
import { anchorStoreOf } from '../../server/audit/anchor-store.ts';
import { anchorText } from '../../lib/audit-anchor-text.ts';
import { verifyAuditLog, type AuditLogVerification } from '../../server/audit/verify-anchored.ts';
import { PROJECT_ROOT } from '../context.ts';
import { cliDatabase, closeCliDatabase } from '../database.ts';
import { parseFlags } from '../flags.ts';
import { EXIT, printJson, usageError, type ExitCode } from '../io.ts';

const USAGE = 'dcf audit verify [--json]';

/**
 * `dcf audit verify` — checks the audit log's hash chain in the console's database (the shared
 * PGlite when the console runs, PostgreSQL when configured), then the log against the chain
 * head's external anchors (DCF_AUDIT_ANCHOR_FILE, and Redis when REDIS_URL is set): an entry
 * removed from the end, or the chain rewritten after an anchored entry, shows only there. Prints
 * a summary, or the verification as JSON with `--json`; exit 0 intact, 1 not intact (or the
 * anchors could not be read), 2 usage. It needs only the database and the anchors, so it opens
 * and closes them itself (not one of main.ts's execution commands).
 */
export async function auditCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: [], switches: ['json'] });
  if (f.error) return usageError(`${f.error}\n${USAGE}`);
  if (f.positional.length !== 1 || f.positional[0] !== 'verify') return usageError(USAGE);
  const config = loadConfig(process.env, PROJECT_ROOT);
  const store = anchorStoreOf(config);
  const result = await cliDatabase(config)
    .then(({ db }) => verifyAuditLog(db, store))
    .finally(async () => {
      store.redis?.disconnect();
      await closeCliDatabase();
    });
  if (f.switches.has('json')) printJson(result);
  else process.stdout.write(summary(result));
  return result.intact ? EXIT.ok : EXIT.failed;
}

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** The human summary: the verdict, what was checked, the anchors, the head hash or the first problem. */
export function summary(r: AuditLogVerification): string {
  const lines: string[] = [];
  const before = r.unchained > 0 ? `; ${entries(r.unchained)} from before the chain began (not verifiable)` : '';
  const anchors = anchorText(r.anchors);
  if (r.firstProblem) {
    const p = r.firstProblem;
    lines.push(`Audit log NOT intact: entry #${p.id} was ${p.kind}.`);
    lines.push(`  ${p.detail}`);
    lines.push(`${entries(r.checked)} checked and intact before it${before}.`);
    if (anchors.headline) lines.push(`Anchors: ${anchors.headline}.`);
  } else if (anchors.headline) {
    lines.push(`Audit log NOT intact: ${anchors.headline}.`);
    lines.push(`${entries(r.checked)} checked: the chain itself is intact${before}.`);
  } else lines.push(`Audit log intact: ${entries(r.checked)} checked${before}.`);
  lines.push(...anchors.lines);
  lines.push(r.head ? `Head: entry #${r.head.id} ${r.head.hash}` : 'Head: none (no chained entries yet)');
  return lines.join('\n') + '\n';
}
