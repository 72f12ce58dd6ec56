import { sortSkillUses } from '../ordering.ts';
import type { RecordedSkillUse } from '../port.ts';
import type { CypherClient } from './client.ts';
import { rows } from './reads.ts';
import { SKILL_USES } from './statements.ts';
import { msToIso, num } from './values.ts';

const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** Skill uses between two instants (port.ts `skillUses`), shaped and ordered as the Postgres adapter's. */
export async function skillUses(c: CypherClient, since: string | null, until: string | null): Promise<RecordedSkillUse[]> {
  const bound = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString());
  const found = await c.read((tx) => rows(tx, SKILL_USES, { since: bound(since), until: bound(until) }));
  return sortSkillUses(
    found.map((r) => ({
      run_id: String(r.run_id),
      seq: num(r.seq) ?? 0,
      state: String(r.state),
      skill: String(r.skill),
      capability: strOrNull(r.capability),
      outcome: r.outcome as RecordedSkillUse['outcome'],
      latency_ms: num(r.latency_ms),
      at: msToIso(r.at_ms),
      strategy: strOrNull(r.strategy),
    })),
  );
}
