import type { StateDocument } from '../controlplane/state-document.ts';
import type { EntryRecord } from '../contracts/execution-entries.ts';
import { CLOSED_BY_FINALIZE } from './finalize.ts';
import type { BranchReport } from './transitions.ts';

/**
 * A state instance a redrive re-enters: with its recorded raw input and parent link. `failed`:
 * it failed itself (no Catch took it); `interrupted`: it was still open (pending, running, or
 * closed by finalize) when the run ended for another reason.
 */
export interface RedriveTarget {
  instance: string;
  entry: EntryRecord;
  attempts: number;
  kind: 'failed' | 'interrupted';
}

/** A Parallel/Map instance above re-entered states: set running again; `indices` are the branches/iterations that run again. */
export interface ForkToResume {
  instance: string;
  entry: EntryRecord;
  indices: number[];
}

export interface RedrivePlan {
  targets: RedriveTarget[];
  forks: ForkToResume[];
}

export type RedrivePlanError =
  { error: 'unknown_state' | 'not_failed'; states: string[]; redrivable: string[] } | { error: 'nothing_failed' };

type PlanInput = {
  states: Record<string, StateDocument>;
  entries: Record<string, EntryRecord>;
  /** Whether an instance is a Parallel or Map state. */
  isFork: (instance: string) => boolean;
  /** Only these instances (or everything failed under these forks), for "retry a state"; all failures when absent. */
  select?: string[];
};

/**
 * What a redrive re-runs (AWS Step Functions RedriveExecution: from the failures only, every
 * `done` instance kept). An uncaught failure is an instance that was entered and never finished
 * successfully — its entry has no `output` (planFailure records one only when a Catch caught the
 * error) and its document is failed, running or pending — and that still belongs to the live
 * run: every enclosing Parallel/Map is itself such an instance and still has the entry the
 * instance was started under (branches of an earlier, retried fork entry are orphans and don't
 * count). The innermost of them are re-entered; a fork with no failed instance below it (a bad
 * ItemsPath, a failing ResultSelector) is re-entered itself, the others are resumed.
 *
 * With `select`, only the named failures (or those under a named fork) are re-entered, plus
 * every interrupted instance, which did nothing wrong and must run for its fork to complete;
 * a failure not named stays failed, so its fork fails again once the redriven branches report.
 */
export function planRedrive({ states, entries, isFork, select }: PlanInput): RedrivePlan | RedrivePlanError {
  const open = (i: string) => !!entries[i] && entries[i].output === undefined && !!states[i] && states[i].status !== 'done';
  const memo = new Map<string, boolean>();
  const isLive = (i: string): boolean => {
    const known = memo.get(i);
    if (known !== undefined) return known;
    const parent = entries[i]?.parent;
    const live = open(i) && (!parent || (entries[parent.instance]?.entry === parent.entry && isLive(parent.instance)));
    memo.set(i, live);
    return live;
  };
  const live = Object.keys(entries).filter(isLive).sort();
  const withLiveChildren = new Set(live.map((i) => entries[i]!.parent?.instance).filter((p): p is string => !!p));
  const ancestors = (i: string): Array<{ instance: string; index: number }> => {
    const out: Array<{ instance: string; index: number }> = [];
    for (let p = entries[i]!.parent; p; p = entries[p.instance]!.parent) out.push({ instance: p.instance, index: p.index });
    return out;
  };
  const targets: RedriveTarget[] = live
    .filter((i) => !(isFork(i) && withLiveChildren.has(i)))
    .map((i) => {
      const doc = states[i]!;
      const failedItself = doc.status === 'failed' && !(doc.last_error ?? '').startsWith(CLOSED_BY_FINALIZE);
      return { instance: i, entry: entries[i]!, attempts: doc.attempts, kind: failedItself ? 'failed' : 'interrupted' };
    });
  if (targets.length === 0) return { error: 'nothing_failed' };

  let chosen = targets;
  if (select) {
    const redrivable = live;
    const unknown = select.filter((s) => !states[s] && !entries[s]);
    if (unknown.length) return { error: 'unknown_state', states: unknown, redrivable };
    const notFailed = select.filter((s) => !live.includes(s));
    if (notFailed.length) return { error: 'not_failed', states: notFailed, redrivable };
    const named = new Set(select);
    chosen = targets.filter(
      (t) => t.kind === 'interrupted' || named.has(t.instance) || ancestors(t.instance).some((a) => named.has(a.instance)),
    );
  }

  const forks = new Map<string, ForkToResume>();
  for (const t of chosen) {
    for (const a of ancestors(t.instance)) {
      const f = forks.get(a.instance) ?? { instance: a.instance, entry: entries[a.instance]!, indices: [] };
      if (!f.indices.includes(a.index)) f.indices.push(a.index);
      forks.set(a.instance, f);
    }
  }
  return { targets: chosen, forks: [...forks.values()].map((f) => ({ ...f, indices: f.indices.sort((a, b) => a - b) })) };
}

/**
 * How a resumed fork's join hash is repaired: the reports of the branches that run again are
 * removed, and its failure counter for the current entry becomes the number of failure reports
 * that remain (0 after a full redrive), so the join fails again only for a failure left standing.
 */
export function joinRepair(fork: ForkToResume, join: Record<string, string>): { remove: string[]; failedField: string; failed: number } {
  const remove = fork.indices.map((i) => `r:${i}`);
  const failed = Object.entries(join)
    .filter(([k]) => k.startsWith('r:') && !remove.includes(k))
    .map(([, v]) => JSON.parse(v) as BranchReport)
    .filter((r) => r.entry === fork.entry.entry && !r.ok).length;
  return { remove, failedField: `failed:${fork.entry.entry}`, failed };
}
