import { sql } from 'drizzle-orm';

export type SearchKind = 'workflow' | 'skill' | 'memory';

/** The searchable documents (kind, key, title, body): saved workflow versions, skills, memories. */
export const SEARCH_DOCUMENTS = sql`
  select 'workflow' as kind, workflow_id || '@' || version as key, name as title,
         name || ' ' || description || ' ' || (tags::text) || ' ' || (skills::text) as body
    from workflow_documents
  union all
  select 'skill', uri, name, text from skill_index
  union all
  select 'memory', id::text, kind, text || ' ' || (tags::text) from memories`;

/** `kind in (…)` with the kinds as bound parameters. */
export const kindFilter = (kinds: SearchKind[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
