import type { BrainTool } from '../brain.ts';
import type { StrategicAdvice } from '../../../delegation/protocol.ts';
import { stableUuid } from '../../../graph/episode-facts.ts';
import type { Finding } from './rules.ts';
import { isRecord } from '../../../../lib/is-record.ts';

/**
 * What a finding becomes: the update_conductor_guidelines arguments (the spec's `*_json`
 * parameters), and — read back from those arguments once published, so a turn needs no memory of
 * its own — the strategic_advice message, the pattern_library line and the knowledge-graph episode.
 */

/** One published piece of advice, as the Conductor, pattern_library and the graph receive it. */
export interface Publication {
  advice_type: 'skill_preference' | 'warning' | 'companion_specialization';
  /** What it is about: a capability, or `<warning type> <capability | companion id>`. */
  key: string;
  /** One sentence for the Conductor. */
  recommendation: string;
  evidence: Record<string, unknown>;
  confidence: number;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The update_conductor_guidelines arguments that publish a finding. */
export function guidelinesArgs(f: Finding, conductorId: string, sessionId: string): Record<string, string> {
  const common = { reason: f.reason, evidence: f.evidence, confidence: f.confidence, session_id: sessionId };
  switch (f.kind) {
    case 'skill_preference':
      return {
        conductor_id: conductorId,
        add_recommendation_json: JSON.stringify({
          type: 'skill_preference',
          capability: f.capability,
          prefer: f.prefer,
          avoid: f.avoid,
          ...common,
        }),
      };
    case 'warning':
      return { conductor_id: conductorId, add_warning_json: JSON.stringify({ ...f.warning, ...common }) };
    case 'companion_specialization':
      return {
        conductor_id: conductorId,
        update_companion_strategy_json: JSON.stringify({
          [f.capability]: { prefer_specialization: f.specialization, skill: f.skill, ...common },
        }),
      };
  }
}

const parsed = (v: unknown): Record<string, unknown> | null => {
  if (typeof v !== 'string') return null;
  try {
    const o: unknown = JSON.parse(v);
    return isRecord(o) ? o : null;
  } catch {
    return null;
  }
};
const confidenceOf = (o: Record<string, unknown>) => (typeof o.confidence === 'number' ? o.confidence : 0);
const evidenceOf = (o: Record<string, unknown>) => (isRecord(o.evidence) ? o.evidence : {});
const reasonOf = (o: Record<string, unknown>) => (typeof o.reason === 'string' ? o.reason : '');

/** The publications an update_conductor_guidelines call made (read from its arguments). */
export function publicationsOf(args: Record<string, unknown>): Publication[] {
  const out: Publication[] = [];
  const r = parsed(args.add_recommendation_json);
  if (r && r.type === 'skill_preference' && typeof r.capability === 'string' && typeof r.prefer === 'string') {
    const avoid = Array.isArray(r.avoid) ? r.avoid.filter((x): x is string => typeof x === 'string') : [];
    out.push({
      advice_type: 'skill_preference',
      key: r.capability,
      recommendation: `For ${r.capability} tasks, use ${r.prefer}${avoid.length ? ` rather than ${avoid.join(' or ')}` : ''}. ${reasonOf(r)}`,
      evidence: evidenceOf(r),
      confidence: confidenceOf(r),
    });
  }
  const w = parsed(args.add_warning_json);
  if (w && typeof w.type === 'string') {
    const subject = typeof w.capability === 'string' ? w.capability : typeof w.companion_id === 'string' ? w.companion_id : '';
    out.push({
      advice_type: 'warning',
      key: `${w.type} ${subject}`.trim(),
      recommendation: reasonOf(w) || w.type,
      evidence: evidenceOf(w),
      confidence: confidenceOf(w),
    });
  }
  const s = parsed(args.update_companion_strategy_json);
  for (const [capability, v] of Object.entries(s ?? {})) {
    if (!isRecord(v) || typeof v.prefer_specialization !== 'string') continue;
    out.push({
      advice_type: 'companion_specialization',
      key: capability,
      recommendation: `For ${capability} tasks, delegate to Companions specialised in ${v.prefer_specialization}. ${reasonOf(v)}`,
      evidence: evidenceOf(v),
      confidence: confidenceOf(v),
    });
  }
  return out;
}

/** The strategic_advice message (schemas/messages/strategic-advice-1.0.0.json) telling the Conductor. */
export function adviceMessage(p: Publication, strategistId: string, revision: number | null, now: Date): StrategicAdvice {
  return {
    type: 'strategic_advice',
    advice_type: p.advice_type,
    recommendation: clip(p.recommendation, 2000),
    evidence: { ...p.evidence, ...(revision === null ? {} : { guidelines_revision: revision }) },
    confidence: Math.min(1, Math.max(0, p.confidence)),
    strategist_id: strategistId,
    advised_at: now.toISOString(),
  };
}

/** The start of a pattern's line in pattern_library (a pattern about the same thing replaces it). */
export const patternPrefix = (p: Publication): string => `${p.advice_type} ${p.key}:`;

const LONDON = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

/** One line of pattern_library: what, the confidence, the guidelines revision and when (UK time). */
export function patternLine(p: Publication, revision: number | null, now: Date): string {
  const rev = revision === null ? '' : `; guidelines revision ${revision}`;
  return `${patternPrefix(p)} ${clip(p.recommendation, 400)} (confidence ${p.confidence}${rev}; ${LONDON.format(now)})`;
}

/** Graphiti's group for the Strategist's patterns (letters, digits, `-`, `_` as Graphiti requires). */
export const PATTERN_GROUP_ID = 'dcf-strategist';

/**
 * The arguments of the attached add-episode tool (Graphiti's add_memory shape: name,
 * episode_body, group_id, source, source_description, uuid, reference_time), narrowed to the
 * parameters the tool declares; null with what it requires that we cannot give. The uuid is
 * derived from the session, the revision and the pattern, so a replayed turn names the same episode.
 */
export function episodeArgs(
  tool: BrainTool,
  p: Publication,
  sessionId: string,
  revision: number | null,
  now: Date,
): { args: Record<string, unknown> } | { missing: string[] } {
  const body = {
    advice_type: p.advice_type,
    key: p.key,
    recommendation: p.recommendation,
    evidence: p.evidence,
    confidence: p.confidence,
    session_id: sessionId,
    guidelines_revision: revision,
  };
  const all: Record<string, unknown> = {
    name: `strategist_pattern ${p.advice_type} ${p.key}`,
    episode_body: JSON.stringify(body),
    group_id: PATTERN_GROUP_ID,
    source: 'json',
    source_description: 'DCF+ Strategist pattern',
    uuid: stableUuid(`strategist-pattern:${sessionId}:${revision ?? 'none'}:${p.advice_type}:${p.key}`),
    reference_time: now.toISOString(),
  };
  const props = isRecord(tool.parameters.properties) ? Object.keys(tool.parameters.properties) : null;
  const required = Array.isArray(tool.parameters.required)
    ? tool.parameters.required.filter((x): x is string => typeof x === 'string')
    : [];
  const missing = required.filter((k) => !(k in all));
  if (missing.length) return { missing };
  return { args: props ? Object.fromEntries(Object.entries(all).filter(([k]) => props.includes(k))) : all };
}
