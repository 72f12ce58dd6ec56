import { z } from 'zod';
import { listAudit, listAuditActions } from '../../audit/log.ts';
import { processAnchorStore } from '../../audit/anchor-store.ts';
import { verifyAuditLog } from '../../audit/verify-anchored.ts';
import { ADMIN, procedure, router } from '../init.ts';

/** The audit log, newest first, for admins. */
export const auditRouter = router({
  /** The distinct actions that have entries, for the filter. */
  actions: procedure.meta({ access: ADMIN }).query(({ ctx }) => listAuditActions(ctx.db)),

  list: procedure
    .meta({ access: ADMIN })
    .input(
      z.object({
        limit: z.number().int().min(1).max(200).default(50),
        beforeId: z.number().int().positive().optional(),
        action: z.string().max(100).optional(),
        actorId: z.string().max(100).optional(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const rows = await listAudit(ctx.db, input);
      return { rows, nextBeforeId: rows.length === input.limit ? rows[rows.length - 1]!.id : null };
    }),

  /**
   * Checks the whole hash chain and the log against the head's external anchors (server/audit/verify-anchored.ts):
   * intact with the head, or the first problem (a truncation is the anchors'). A read: not audited.
   */
  verify: procedure.meta({ access: ADMIN }).query(({ ctx }) => verifyAuditLog(ctx.db, processAnchorStore())),
});
