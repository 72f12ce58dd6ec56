import { z } from 'zod';
import { hashString, mulberry32, type Rng } from '../dataset/rng.ts';
import { DEMO_SKILL_NAMES } from '../skills/catalog.ts';

/**
 * Fault injection of the demo skills server, per skill name (DCF_DEMO_FAULTS, `demo_set_faults`):
 * `{"whisper-transcribe": {"failure_rate": 0.2, "timeout_rate": 0.1, "latency_ms": 300}}`.
 * Every call of a skill with faults draws one number u from that skill's own seeded generator
 * (seed = hash(DCF_DEMO_SEED, skill name), so one skill's draws do not depend on the others'
 * traffic): u < timeout_rate → the call hangs until the client gives up; else
 * u < timeout_rate + failure_rate → it fails (SkillError); else it runs normally. latency_ms delays
 * every call (also failing ones) by that many milliseconds.
 */
export const faultSpecSchema = z.strictObject({
  failure_rate: z.number().min(0).max(1).optional(),
  timeout_rate: z.number().min(0).max(1).optional(),
  latency_ms: z.number().min(0).max(600_000).optional(),
});
export type FaultSpec = z.infer<typeof faultSpecSchema>;

export const faultsSchema = z.record(z.string(), faultSpecSchema).superRefine((faults, ctx) => {
  for (const [skill, spec] of Object.entries(faults)) {
    if (!DEMO_SKILL_NAMES.includes(skill))
      ctx.addIssue({ code: 'custom', path: [skill], message: `unknown demo skill "${skill}" (one of ${DEMO_SKILL_NAMES.join(', ')})` });
    if ((spec.failure_rate ?? 0) + (spec.timeout_rate ?? 0) > 1)
      ctx.addIssue({ code: 'custom', path: [skill], message: 'failure_rate + timeout_rate must not exceed 1' });
  }
});
export type Faults = z.infer<typeof faultsSchema>;

/** Parses fault settings, throwing one readable message for all problems. */
export function parseFaults(raw: unknown, where = 'faults'): Faults {
  const r = faultsSchema.safeParse(raw ?? {});
  if (r.success) return r.data;
  throw new Error(`${where}: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
}

export type FaultDecision = { kind: 'ok' | 'fail' | 'timeout'; latencyMs: number };

export class FaultInjector {
  private faults: Faults;
  private seed: number;
  private rngs = new Map<string, Rng>();

  constructor(faults: Faults, seed: number) {
    this.faults = faults;
    this.seed = seed;
  }

  /** The active settings. */
  state(): { faults: Faults; seed: number } {
    return { faults: structuredClone(this.faults), seed: this.seed };
  }

  /** Replaces (or merges into) the settings; a new seed restarts every skill's sequence. */
  update(faults: Faults, opts: { replace?: boolean; seed?: number } = {}): void {
    this.faults = opts.replace ? faults : { ...this.faults, ...faults };
    if (opts.seed !== undefined && opts.seed !== this.seed) {
      this.seed = opts.seed;
      this.rngs.clear();
    }
  }

  /** The fault (if any) of one call of `skill`; draws only when the skill has rates set. */
  decide(skill: string): FaultDecision {
    const spec = this.faults[skill];
    const latencyMs = spec?.latency_ms ?? 0;
    const timeout = spec?.timeout_rate ?? 0;
    const failure = spec?.failure_rate ?? 0;
    if (timeout + failure === 0) return { kind: 'ok', latencyMs };
    let rng = this.rngs.get(skill);
    if (!rng) this.rngs.set(skill, (rng = mulberry32(hashString(skill, this.seed >>> 0))));
    const u = rng();
    return { kind: u < timeout ? 'timeout' : u < timeout + failure ? 'fail' : 'ok', latencyMs };
  }
}
