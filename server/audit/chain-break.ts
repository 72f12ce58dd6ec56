import { entryHash, type ChainedEntry } from './chain-hash.ts';

/** An entry's place in the chain: its id and stored hash. */
export type ChainLink = { id: number; hash: string };

/**
 * What broke the chain at an entry, naming the entry:
 * - `changed`: a stored value of the entry was changed (its hash no longer matches, or was recomputed);
 * - `removed`: an entry is missing (the next one links to a hash no remaining entry has, across a gap in the ids);
 * - `inserted`: the entry was not written by the log (no hash after the chain began, a link that skips
 *   entries, a hash that matches nothing, or an id the sequence never issued).
 */
export type ChainProblem = { id: number; kind: 'changed' | 'removed' | 'inserted'; detail: string };

export type BreakContext = {
  /** The entry whose hash or link is wrong. */
  row: ChainedEntry & { hash: string };
  /** The chained entry before it (null: it is the first hashed entry). */
  prev: ChainLink | null;
  /** Recent chained entries, oldest first, ending with `prev`. */
  recent: readonly ChainLink[];
  /** The id of the last entry from before the chain began (0 if none), for gaps before the first entry. */
  lastUnchainedId: number;
  /** Reads the entry after `row`, if any (only when the verdict depends on it). */
  next(): Promise<{ prevHash: string | null } | null>;
};

const short = (hash: string | null) => (hash ? `${hash.slice(0, 19)}…` : 'nothing');
const problem = (id: number, kind: ChainProblem['kind'], detail: string): ChainProblem => ({ id, kind, detail });

/** Decides which entry broke the chain, and how, once `row`'s hash or link was found wrong. */
export async function classifyBreak({ row, prev, recent, lastUnchainedId, next }: BreakContext): Promise<ChainProblem> {
  const expected = prev?.hash ?? null;
  const selfOk = entryHash(row) === row.hash;
  const prevName = prev ? `entry #${prev.id}` : 'the start of the chain';
  const entry = `entry #${row.id}`;

  if (row.prevHash === expected) {
    // Linked right but its own hash is wrong: changed — unless the entry after it links past it too.
    const after = await next();
    if (after && after.prevHash !== null && after.prevHash === row.prevHash) {
      return problem(row.id, 'inserted', `${entry} does not match its hash, and the next entry links to ${prevName} too: it was inserted`);
    }
    return problem(row.id, 'changed', `${entry} no longer matches its hash: a stored value of it was changed`);
  }

  const linked = recent.findIndex((e) => e.hash === row.prevHash);
  if (linked >= 0) {
    // It links to an earlier entry: the ones after that entry were slipped in between.
    const first = recent[linked + 1]!;
    const span = first.id === prev!.id ? `entry #${first.id}` : `entries #${first.id}–#${prev!.id}`;
    return problem(first.id, 'inserted', `${entry} links to entry #${recent[linked]!.id}, so ${span} came in between: inserted`);
  }

  if (!selfOk) {
    if (entryHash({ ...row, prevHash: expected }) === row.hash) {
      return problem(row.id, 'changed', `${entry}'s prev_hash was changed (with the link to ${prevName} it matches its hash)`);
    }
    return problem(row.id, 'inserted', `${entry} neither links to ${prevName} nor matches its own hash: the log did not write it`);
  }

  // Its own hash is right but it links to a hash no recent entry has: one is missing, or the one before was rewritten.
  const before = prev?.id ?? lastUnchainedId;
  if (row.id > before + 1) {
    const missing = before + 1;
    const what = row.id === before + 2 ? `entry #${missing} was removed` : `an entry with an id in ${missing}–${row.id - 1} was removed`;
    return problem(missing, 'removed', `${what}: ${entry} links to ${short(row.prevHash)}, which no remaining entry has`);
  }
  if (!prev) return problem(row.id, 'inserted', `${entry} begins the chain but links to an earlier entry, and none is missing before it`);
  const recorded = `the one ${entry} recorded for it (${short(row.prevHash)})`;
  return problem(prev.id, 'changed', `entry #${prev.id}'s hash is not ${recorded}: it was rewritten and its hash recomputed`);
}
