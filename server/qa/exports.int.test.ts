import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../contracts/audit-actor.ts';
import { setProcessAnchorStore } from '../audit/anchor-store.ts';
import { auditChainHead } from '../audit/verify.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import type { Role } from '../../lib/roles.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { auditLog, qaResults } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { openQaCsvExport } from './export-stream.ts';
import { listQaPage } from './query.ts';
import { testScoringSkill } from './testing/scoring.ts';
import { reviewQaResult } from './review.ts';
import { upsertQaRecords } from './store.ts';
import { qaRecordFixture } from './testing/fixtures.ts';

/**
 * The QA downloads through their route handlers (app/api/qa/…) on the database under test: the
 * filtered queue as CSV and a call's evidence pack as PDF (read back with a PDF text extractor),
 * who may fetch them, bad input, and the audit entry each export leaves. Only what needs a
 * Next.js request scope is replaced: the session lookup and the process's database singleton.
 */
const session = vi.hoisted(() => ({ user: null as PublicUser | null, handle: null as DatabaseHandle | null }));
vi.mock('@/server/app/current-user', () => ({ currentUser: async () => session.user }));
vi.mock('@/server/app/services', () => ({ database: async () => session.handle }));

const { GET: csvRoute } = await import('../../app/api/qa/export.csv/route.ts');
const { GET: packRoute } = await import('../../app/api/qa/[id]/evidence.pdf/route.ts');

const ANCHORS = path.join(os.tmpdir(), `dcf-qa-exports-anchors-${randomUUID()}.jsonl`);
const RUN_1 = '0b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a01';
const RUN_2 = '0b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a02';
/** The calls: advisor, day and time (UTC), what failed, whether the customer was vulnerable. */
const CALLS = [
  qaRecordFixture({ runId: RUN_1, callId: 'REC-1001', callAt: '2024-07-01T09:05:00.000Z', fail: ['FCA-DISC-02', 'CD-01'] }),
  qaRecordFixture({ runId: RUN_1, callId: 'REC-1002', callAt: '2024-07-02T10:00:00.000Z', vulnerable: true, fail: ['VUL-01'] }),
  qaRecordFixture({ runId: RUN_1, callId: 'REC-1003', callAt: '2024-07-03T14:12:09.000Z', confused: true }),
  qaRecordFixture({ runId: RUN_1, callId: 'REC-1004', advisor: 'Priya Shah', callAt: '2024-07-04T08:00:00.000Z', fail: ['FCA-DISC-05'] }),
  qaRecordFixture({
    runId: RUN_1,
    callId: 'REC-1005',
    advisor: 'Priya Shah',
    customer: '=HYPERLINK("http://evil","x")',
    product: 'Homeowner Loan',
    callAt: '2024-07-05T16:30:00.000Z',
    fail: ['FCA-ID-02', 'FCA-DISC-01'],
  }),
  // 00:30 on 8 July in London (BST): outside a filter that ends on 7 July.
  qaRecordFixture({ runId: RUN_1, callId: 'REC-1006', callAt: '2024-07-07T23:30:00.000Z', fail: ['FCA-DISC-02'] }),
  // A re-analysis of REC-1001 by a later run: the queue lists this one; the first stays as history.
  qaRecordFixture({
    runId: RUN_2,
    callId: 'REC-1001',
    callAt: '2024-07-01T09:05:00.000Z',
    runFinishedAt: '2024-07-09T08:00:00.000Z',
    fail: ['FCA-DISC-02'],
  }),
];

/** The CSV body as rows of fields (the test data has no quoted line breaks). */
function rowsOf(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      line
        .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
        .slice(0, -1)
        .map((f) =>
          f
            .replace(/,$/, '')
            .replace(/^"(.*)"$/s, '$1')
            .replaceAll('""', '"'),
        ),
    );
}

describe(`QA exports: queue CSV and evidence pack (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const users = {} as Record<'cm1' | 'cm2' | 'stakeholder', PublicUser>;
  const actor = (u: PublicUser): Actor => ({ kind: 'user', id: u.id, label: u.email, role: u.role });
  const lastAudit = async (action: string) =>
    (await h.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
  const idOf = async (runId: string, callId: string) =>
    (
      await h.db
        .select({ id: qaResults.id })
        .from(qaResults)
        .where(and(eq(qaResults.runId, runId), eq(qaResults.callId, callId)))
    )[0]!.id;

  beforeAll(async () => {
    h = await createTestDatabase();
    session.handle = h;
    setProcessAnchorStore({ file: ANCHORS }); // each pack's anchor (issue 28) in a file of this test's
    const make = async (key: keyof typeof users, role: Role) => {
      const r = await createUser(h.db, { email: `${key}@lender.test`, displayName: key, role, password: 'a-long-password-1' });
      if (!r.ok) throw new Error(r.reason);
      users[key] = r.user;
    };
    await make('cm1', 'compliance_manager');
    await make('cm2', 'compliance_manager');
    await make('stakeholder', 'stakeholder');
    await upsertQaRecords(h.db, CALLS.slice(0, 6));
    await upsertQaRecords(h.db, CALLS.slice(6));
    // REC-1004: a mandatory failure overridden by one reviewer and signed off by both (four eyes).
    const id = await idOf(RUN_1, 'REC-1004');
    const reason = 'The APRC was given at 4:10; the transcription dropped that sentence.';
    for (const [who, input] of [
      [users.cm1, { qa_result_id: id, action: 'rule', rule_id: 'FCA-DISC-05', decision: 'override', verdict: 'pass', reason }],
      [users.cm1, { qa_result_id: id, action: 'sign_off' }],
      [users.cm2, { qa_result_id: id, action: 'sign_off', comment: 'Checked against the recording.' }],
    ] as const) {
      expect(await reviewQaResult(h.db, actor(who), input, testScoringSkill())).toMatchObject({ ok: true });
    }
  });
  afterAll(() => Promise.all([h?.dispose(), rm(ANCHORS, { force: true })]));

  it('refuses a signed-out caller (401) and names a bad parameter (400)', async () => {
    session.user = null;
    expect((await csvRoute(new Request('http://t/api/qa/export.csv'))).status).toBe(401);
    session.user = users.stakeholder;
    const bad = await csvRoute(new Request('http://t/api/qa/export.csv?vulnerable=maybe'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_input', param: 'vulnerable', message: 'vulnerable: must be true or false' });
    const unknown = await csvRoute(new Request('http://t/api/qa/export.csv?colour=red'));
    expect(await unknown.json()).toMatchObject({ error: 'invalid_input', param: 'colour' });
  });

  it('exports the filtered queue as CSV in the queue order, London days, defused text, and audits it', async () => {
    session.user = users.stakeholder;
    const res = await csvRoute(new Request('http://t/api/qa/export.csv?failed_mandatory=true&to=2024-07-07&sort=advisor&dir=asc'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="qa-queue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = new Uint8Array(await res.arrayBuffer());
    expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM, so Excel reads UTF-8
    const text = new TextDecoder().decode(body); // drops the BOM
    expect(text.startsWith('Call ID,Advisor,')).toBe(true);
    const [header, ...rows] = rowsOf(text);
    expect(header).toHaveLength(23);
    const col = (r: string[] | undefined, name: string) => r![header!.indexOf(name)];
    // Alex Wong's newest REC-1001 (not its earlier analysis), then Priya Shah's REC-1005; REC-1002 failed no
    // mandatory rule, REC-1006 was on 8 July in London, and REC-1004's one mandatory failure was overridden to a
    // pass by the review: as reviewed it failed none, so the filter leaves it out (issue 28).
    expect(rows.map((r) => r[1])).toEqual(['Alex Wong', 'Priya Shah']);
    expect(rows.map((r) => r[0]).sort()).toEqual(['REC-1001', 'REC-1005']);
    const [first, evil] = ['REC-1001', 'REC-1005'].map((id) => rows.find((r) => r[0] === id));
    expect(col(first, 'Run ID')).toBe(RUN_2);
    expect(col(first, 'Call time (London)')).toBe('1 Jul 2024, 10:05:00 BST');
    expect(col(first, 'Call time (UTC, ISO 8601)')).toBe('2024-07-01T09:05:00.000Z');
    expect(col(first, 'Failed rules')).toBe('FCA-DISC-02');
    expect(col(first, 'Score source')).toBe('AI');
    expect(col(evil, 'Customer')).toBe('\'=HYPERLINK("http://evil","x")');
    expect(col(evil, 'Failed rules')).toBe('FCA-DISC-01;FCA-ID-02');
    const audit = await lastAudit('qa.export_csv');
    expect(audit).toMatchObject({ actorId: users.stakeholder.id, resultStatus: 'ok' });
    expect(audit!.detail).toEqual({ filter: { failed_mandatory: true, to: '2024-07-07' }, sort: { by: 'advisor', dir: 'asc' }, rows: 2 });
    // The reviewed call, in the unfiltered export: the reviewed figures, with the AI's beside them.
    const all = rowsOf(
      new TextDecoder().decode(await (await csvRoute(new Request('http://t/api/qa/export.csv?advisor=Priya%20Shah'))).arrayBuffer()),
    );
    const reviewed = all.find((r) => r[0] === 'REC-1004');
    expect(col(reviewed, 'Review status')).toBe('signed_off');
    expect(col(reviewed, 'Overridden')).toBe('yes');
    expect(col(reviewed, 'Score source')).toBe('reviewed');
    expect(col(reviewed, 'Failed mandatory rules')).toBe('0');
    expect(col(reviewed, 'AI failed mandatory rules')).toBe('1');
    expect(col(reviewed, 'AI failed rules')).toBe('FCA-DISC-05');
    expect(Number(col(reviewed, 'Score'))).toBeGreaterThan(Number(col(reviewed, 'AI score')));
  });

  it('streams page by page to the same rows as one big page, earlier analyses included when asked', async () => {
    const q = { filter: { include_earlier: true }, sort: { by: 'score', dir: 'asc' } } as const;
    const { total, stream } = await openQaCsvExport(h.db, q, 2);
    const streamed = rowsOf(await new Response(stream).text()).slice(1);
    const all = await listQaPage(h.db, { ...q, limit: 100 });
    expect(total).toBe(CALLS.length);
    expect(streamed.map((r) => `${r[0]} ${r[22]}`)).toEqual(all.items.map((r) => `${r.callId} ${r.runId}`));
  });

  it('refuses a signed-out caller, a bad id and an unknown one', async () => {
    const params = (id: string) => ({ params: Promise.resolve({ id }) });
    session.user = null;
    expect((await packRoute(new Request('http://t/x'), params('00000000-0000-4000-8000-000000000000'))).status).toBe(401);
    session.user = users.stakeholder;
    expect((await packRoute(new Request('http://t/x'), params('REC-1004'))).status).toBe(400);
    const missing = await packRoute(new Request('http://t/x'), params('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
  });

  it('makes the evidence pack: call, verdicts with the review and the quote, sign-offs, the audit chain head', async () => {
    session.user = users.stakeholder;
    const id = await idOf(RUN_1, 'REC-1004');
    const head = await auditChainHead(h.db);
    expect(head).not.toBeNull();
    const res = await packRoute(new Request('http://t/x'), { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="evidence-REC-1004-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Call ID REC-1004');
    expect(flat).toContain('Priya Shah');
    expect(flat).toContain('4 Jul 2024, 09:00:00 BST');
    expect(flat).toContain('Standard Advice Call Analysis, version 1.0.0');
    expect(flat).toContain(`Run ID ${RUN_1}`);
    expect(flat).toContain('skill://compliance-analysis@1.3.0');
    expect(flat).toContain('FCA-DISC-05 — AI verdict: FAIL');
    expect(flat).toContain('OVERRIDDEN to PASS — cm1@lender.test (Compliance manager)');
    expect(flat).toContain('the transcription dropped that sentence.');
    expect(flat).toContain('«The rate is competitive, I can offer you a good deal.»');
    expect(flat).toContain('FCA-ID-01 — AI verdict: PASS');
    expect(flat).toContain('Status Signed off');
    expect(flat).toContain('cm2@lender.test (Compliance manager) signed the review off. “Checked against the recording.”');
    expect(flat).toContain(`Audit chain head at export: entry #${head!.id}, ${head!.hash}`);
    expect(flat).toMatch(/Exported \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d (GMT|BST) by stakeholder@lender\.test\./);
    expect(flat).toMatch(/page 1 of \d+/);
    const audit = await lastAudit('qa.export_evidence_pack');
    expect(audit!.id).toBeGreaterThan(head!.id);
    expect(audit!.detail).toMatchObject({
      qa_result_id: id,
      call_id: 'REC-1004',
      run_id: RUN_1,
      chain_head_id: head!.id,
      chain_head_hash: head!.hash,
      pdf_sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
    });
  });

  it('paginates a long transcript and marks quotes on every page', async () => {
    await upsertQaRecords(h.db, [qaRecordFixture({ runId: RUN_1, callId: 'REC-2001', padTurns: 150, fail: ['CD-01'], anxious: true })]);
    session.user = users.cm1;
    const res = await packRoute(new Request('http://t/x'), { params: Promise.resolve({ id: await idOf(RUN_1, 'REC-2001') }) });
    const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: false });
    expect(totalPages).toBeGreaterThan(5);
    const pages = (text as string[]).map((p) => p.replace(/\s+/g, ' '));
    expect(pages.map((p, i) => p.includes(`page ${i + 1} of ${totalPages}`))).toEqual(pages.map(() => true));
    const last = pages.at(-1)!;
    const marked = 'Turn 309 · Advisor · 23:11–23:15 «Honestly, there is nothing to worry about with this one.» Evidence for: CD-01';
    expect(last.includes(marked)).toBe(true);
    expect(last.includes('Audit chain head at export: entry #')).toBe(true);
  });
});
