import type { Db } from '../../db/client.ts';
import { endFindings, liveFindings, type FindingDraft } from '../sentinel/index.ts';
import type { SentinelFinding } from '../../../lib/planning/schemas.ts';
import { insertFindings, insertRecords, savePlanState, type RecordWrite } from '../store/plan-store.ts';
import type { ActivePlan } from './active-plan.ts';
import type { LiveCall } from './live-call.ts';
import { recordsOf, sentinelInput } from './sentinel-input.ts';

export interface BatchWriterDeps {
  db: () => Promise<Db>;
  capabilityOf: () => Promise<Record<string, string>>;
  clock: () => number;
  newId: () => string;
  delayMs: number;
  onError: (err: unknown) => void;
}

/**
 * Writes the tracker's records, plan states and findings in batches, off the call path: the call
 * path only queues (`written`, `touched`) and a timer drains the queue. Each drain first waits
 * for the plans' skill-choice evidence, writes the calls that ended, then runs the sentinel's
 * live checks once per plan touched and writes new findings (each key once). `flush()` resolves
 * when everything queued before it is written. A failed batch is reported and dropped, never
 * retried forever: tracking must not take the tool layer down with a database that is.
 */
export class BatchWriter {
  private ended: Array<{ plan: ActivePlan; call: LiveCall }> = [];
  private touched = new Set<ActivePlan>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private draining: Promise<void> | null = null;

  constructor(private readonly deps: BatchWriterDeps) {}

  /** A call ended (or was refused, or is a model step): write its record. */
  written(plan: ActivePlan, call: LiveCall): void {
    this.ended.push({ plan, call });
    this.touched.add(plan);
    this.schedule();
  }

  /** The plan's state changed or it needs its live checks. */
  touch(plan: ActivePlan): void {
    this.touched.add(plan);
    this.schedule();
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.draining || this.ended.length || this.touched.size) await (this.draining ?? this.drain());
  }

  /**
   * The end of a plan: everything queued written, then the end checks and the plan's end state; returns the new
   * findings. `stateSaved`: the caller wrote the end state already, and the checks change no field of it.
   */
  async endChecks(a: ActivePlan, opts: { stateSaved?: boolean } = {}): Promise<SentinelFinding[]> {
    await this.flush();
    const capabilityOf = await this.deps.capabilityOf();
    const input = sentinelInput(a, recordsOf(a, capabilityOf), capabilityOf, this.deps.clock());
    const db = await this.deps.db();
    const found = await this.writeFindings(db, a, endFindings(input, a.findingKeys));
    if (!opts.stateSaved) await savePlanState(db, a.plan);
    a.stateDirty = false;
    return found;
  }

  private schedule(): void {
    if (this.timer || this.draining) return;
    this.timer = setTimeout(() => void this.drain(), this.deps.delayMs);
    this.timer.unref?.();
  }

  private drain(): Promise<void> {
    this.timer = null;
    const run = this.drainOnce()
      .catch(this.deps.onError)
      .finally(() => {
        this.draining = null;
        if (this.ended.length || this.touched.size) this.schedule();
      });
    this.draining = run;
    return run;
  }

  private async drainOnce(): Promise<void> {
    const batch = this.ended.splice(0);
    const plans = [...this.touched];
    this.touched.clear();
    await Promise.all(plans.flatMap((a) => [...a.pending]));
    const capabilityOf = await this.deps.capabilityOf();
    const db = await this.deps.db();
    const now = this.deps.clock();
    const records = new Map(plans.map((a) => [a, recordsOf(a, capabilityOf)]));
    const byId = new Map([...records.values()].flat().map((r) => [r.id, r]));
    const writes: RecordWrite[] = batch.map(({ call }) => ({ record: byId.get(call.id)!, choices: call.choices }));
    await insertRecords(db, writes);
    for (const a of plans) {
      if (a.stateDirty) {
        a.stateDirty = false;
        await savePlanState(db, a.plan);
      }
      if (a.closed) continue;
      await this.writeFindings(db, a, liveFindings(sentinelInput(a, records.get(a)!, capabilityOf, now), a.findingKeys));
    }
  }

  private async writeFindings(db: Db, a: ActivePlan, drafts: FindingDraft[]): Promise<SentinelFinding[]> {
    if (!drafts.length) return [];
    const at = new Date(this.deps.clock()).toISOString();
    const writes = drafts.map(({ key, ...draft }) => ({ key, finding: { ...draft, id: this.deps.newId(), at } }));
    for (const w of writes) a.findingKeys.add(w.key);
    await insertFindings(db, writes);
    return writes.map((w) => w.finding);
  }
}
