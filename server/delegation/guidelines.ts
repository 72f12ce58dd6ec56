import { isRecord } from '../../lib/is-record.ts';
/**
 * The `strategist_guidelines` block: what the Strategist advises and the Conductor reads before
 * every delegation (dcf-plus "The Feedback Loop"). One writer — update_conductor_guidelines —
 * and every write bumps `revision`.
 *
 * `skill_preferences` (by capability) are what change the Conductor's skill choice. The tool's
 * parameters are the spec's (a recommendation, a warning, a companion strategy), so a
 * preference arrives as a recommendation of `type: "skill_preference"` naming the capability,
 * the skill to prefer and the skills to avoid; it also stays in `recommendations` as history.
 */
export interface SkillPreference {
  prefer: string;
  avoid: string[];
  reason: string;
  confidence: number | null;
  evidence: Record<string, unknown>;
  since_revision: number;
}

export interface Guidelines {
  revision: number;
  updated_at: string | null;
  skill_preferences: Record<string, SkillPreference>;
  recommendations: Array<Record<string, unknown>>;
  warnings: Array<Record<string, unknown>>;
  companion_strategy: Record<string, unknown>;
}

export const GUIDELINES_LIMIT = 12_000;
/** Recommendations and warnings kept in the block (older ones stay in the session's activity). */
export const GUIDELINES_KEEP = 10;

export const GUIDELINES_DESCRIPTION =
  "The Strategist's advice to the Conductor (JSON), read before every delegation. skill_preferences: per capability " +
  "(a skill's first tag, e.g. transcription) the skill to prefer, the skills to avoid, why, and the evidence; recommendations and " +
  'warnings (the latest, newest last); companion_strategy: how to use the pool. revision goes up on every change. Only the Strategist ' +
  'writes it, through update_conductor_guidelines. Follow it unless the user says otherwise.';

export function emptyGuidelines(): Guidelines {
  return { revision: 0, updated_at: null, skill_preferences: {}, recommendations: [], warnings: [], companion_strategy: {} };
}

export function renderGuidelines(g: Guidelines): string {
  return JSON.stringify(g);
}

export function parseGuidelines(value: string): Guidelines {
  try {
    const v = JSON.parse(value) as Partial<Guidelines>;
    if (v && typeof v === 'object') return { ...emptyGuidelines(), ...v } as Guidelines;
  } catch {
    // hand-edited into non-JSON: read as empty (the next write repairs it)
  }
  return emptyGuidelines();
}

/** A recommendation that states a skill preference, or null. */
export function skillPreferenceIn(r: Record<string, unknown>): { capability: string; prefer: string; avoid: string[] } | null {
  if (r.type !== 'skill_preference' || typeof r.capability !== 'string' || typeof r.prefer !== 'string') return null;
  const avoid = Array.isArray(r.avoid) ? r.avoid.filter((s): s is string => typeof s === 'string') : [];
  return { capability: r.capability, prefer: r.prefer, avoid };
}

/** The edit update_conductor_guidelines makes; `now` stamps the new revision. */
export function reviseGuidelines(
  g: Guidelines,
  change: { recommendation?: Record<string, unknown>; warning?: Record<string, unknown>; companionStrategy?: Record<string, unknown> },
  now: string,
): Guidelines {
  const revision = g.revision + 1;
  const next: Guidelines = { ...g, revision, updated_at: now };
  if (change.recommendation) {
    const r: Record<string, unknown> = { ...change.recommendation, revision, at: now };
    next.recommendations = [...g.recommendations, r].slice(-GUIDELINES_KEEP);
    const pref = skillPreferenceIn(change.recommendation);
    if (pref) {
      next.skill_preferences = {
        ...g.skill_preferences,
        [pref.capability]: {
          prefer: pref.prefer,
          avoid: pref.avoid,
          reason: typeof r.reason === 'string' ? r.reason : typeof r.recommendation === 'string' ? r.recommendation : '',
          confidence: typeof r.confidence === 'number' ? r.confidence : null,
          evidence: isRecord(r.evidence) ? r.evidence : {},
          since_revision: revision,
        },
      };
    }
  }
  if (change.warning) next.warnings = [...g.warnings, { ...change.warning, revision, at: now }].slice(-GUIDELINES_KEEP);
  if (change.companionStrategy) next.companion_strategy = { ...g.companion_strategy, ...change.companionStrategy };
  return next;
}

/** Drops the oldest recommendations, then warnings, until the block fits; preferences always stay. */
export function fitGuidelines(g: Guidelines, limit = GUIDELINES_LIMIT): Guidelines {
  let out = g;
  while (renderGuidelines(out).length > limit && (out.recommendations.length || out.warnings.length)) {
    out = out.recommendations.length
      ? { ...out, recommendations: out.recommendations.slice(1) }
      : { ...out, warnings: out.warnings.slice(1) };
  }
  return out;
}
