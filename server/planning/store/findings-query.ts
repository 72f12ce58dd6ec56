import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sentinelFindings } from '../../db/schema/planning.ts';
import type { FindingType, SentinelFinding } from '../../../lib/planning/schemas.ts';
import { dayPeriod } from './period.ts';
import { rowToFinding } from './plan-rows.ts';

export interface FindingsFilter {
  agent_id?: string;
  type?: FindingType;
  plan_id?: string;
  /** Europe/London days, both included. */
  since?: string;
  until?: string;
  limit: number;
  /** next_cursor of the page before. */
  cursor?: string;
}

/** An opaque position in the newest-first order: the last finding's time and id. */
export const encodeCursor = (f: Pick<SentinelFinding, 'at' | 'id'>) => Buffer.from(JSON.stringify([f.at, f.id])).toString('base64url');

export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || typeof v[0] !== 'string' || typeof v[1] !== 'string') return null;
    const at = new Date(v[0]);
    return Number.isNaN(at.getTime()) ? null : { at, id: v[1] };
  } catch {
    return null;
  }
}

/** Findings newest first, filtered; `next_cursor` is null on the last page. Throws on a bad cursor. */
export async function listFindings(db: Db, f: FindingsFilter): Promise<{ findings: SentinelFinding[]; next_cursor: string | null }> {
  const where: SQL[] = [];
  if (f.agent_id) where.push(eq(sentinelFindings.agentId, f.agent_id));
  if (f.type) where.push(eq(sentinelFindings.type, f.type));
  if (f.plan_id) where.push(eq(sentinelFindings.planId, f.plan_id));
  if (f.since || f.until) {
    const p = dayPeriod(f.since ?? '1970-01-01', f.until);
    where.push(gte(sentinelFindings.at, p.start), lt(sentinelFindings.at, p.end));
  }
  if (f.cursor) {
    const c = decodeCursor(f.cursor);
    if (!c) throw new BadCursorError();
    where.push(or(lt(sentinelFindings.at, c.at), and(eq(sentinelFindings.at, c.at), lt(sentinelFindings.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(sentinelFindings)
    .where(and(...where))
    .orderBy(desc(sentinelFindings.at), desc(sentinelFindings.id))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit).map(rowToFinding);
  return { findings: page, next_cursor: rows.length > f.limit ? encodeCursor(page[page.length - 1]!) : null };
}

export class BadCursorError extends Error {
  constructor() {
    super('cursor is not one this list returned');
  }
}
