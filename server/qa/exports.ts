import { createHash } from 'node:crypto';
import { londonDay } from '../../lib/uk-time.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import { anchorAuditHead } from '../audit/anchor-store.ts';
import { recordAudit } from '../audit/log.ts';
import { auditChainHead } from '../audit/verify.ts';
import type { PublicUser } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { qaDetail } from './detail.ts';
import { evidencePackPdf } from './evidence-pack.ts';
import { openQaCsvExport } from './export-stream.ts';
import type { QueueParams } from './filter-params.ts';

/**
 * The two QA downloads behind the /api/qa routes, with their audit entries. Each export is
 * audited before any of it leaves the server, so no export goes unrecorded: the CSV with its
 * filter, sort and the number of rows the filter matched; the evidence pack with the audit chain
 * head it quotes and the SHA-256 of the PDF bytes (so a pack can later be matched to its entry).
 */
export const userActor = (u: PublicUser): Actor => ({ kind: 'user', id: u.id, label: u.email, role: u.role });

/** A file name part from data: letters, digits, dot, dash and underscore only. */
const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'call';

export async function exportQaCsv(db: Db, actor: Actor, q: QueueParams, now = new Date()) {
  const { total, stream } = await openQaCsvExport(db, q);
  await recordAudit(db, {
    actor,
    action: 'qa.export_csv',
    args: q,
    status: 'ok',
    detail: { filter: q.filter, sort: q.sort, rows: total },
  });
  return { stream, rows: total, filename: `qa-queue-${londonDay(now.toISOString())}.csv` };
}

export type EvidenceExport = { ok: true; pdf: Buffer; filename: string; sha256: string } | { ok: false; code: 'not_found' };

export async function exportEvidencePack(db: Db, actor: Actor, qaResultId: string, now = new Date()): Promise<EvidenceExport> {
  const detail = await qaDetail(db, qaResultId);
  if (!detail) return { ok: false, code: 'not_found' };
  const chainHead = await auditChainHead(db);
  const pdf = await evidencePackPdf({ detail, chainHead, exportedAt: now.toISOString(), exportedBy: actor.label });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const r = detail.result;
  await recordAudit(db, {
    actor,
    action: 'qa.export_evidence_pack',
    args: { qa_result_id: qaResultId },
    status: 'ok',
    detail: {
      qa_result_id: r.id,
      call_id: r.callId,
      run_id: r.runId,
      chain_head_id: chainHead?.id ?? null,
      chain_head_hash: chainHead?.hash ?? null,
      pdf_sha256: sha256,
      bytes: pdf.length,
    },
  });
  await anchorAuditHead(db, 'export'); // the head, this export's entry included, outside the database (issue 28)
  return { ok: true, pdf, sha256, filename: `evidence-${safe(r.callId)}-${londonDay(now.toISOString())}.pdf` };
}
