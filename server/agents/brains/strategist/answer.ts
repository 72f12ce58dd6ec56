import type { Guidelines } from '../../../delegation/guidelines.ts';

/**
 * The Strategist's answer to anything that is not a session observation (a question from the
 * Conductor, a user's message): what strategist_guidelines holds — the preferences, latest
 * warnings and companion strategy, narrowed to what the question names when it names any — and
 * that it acts only on observations. It never takes an instruction.
 */
export function answerFromGuidelines(question: string, g: Guidelines | null): string {
  const scope = 'I act on the session observations the console sends after each task result; I do not take instructions.';
  if (!g) return `I hold no strategist_guidelines block, so I have no advice to give. ${scope}`;
  const text = question.toLowerCase();
  const prefs = Object.entries(g.skill_preferences).sort(([a], [b]) => a.localeCompare(b));
  const mentions = (s: string) => text.includes(s.toLowerCase()) || text.includes(skillName(s));
  const named = prefs.filter(([cap, p]) => text.includes(cap.toLowerCase()) || [p.prefer, ...p.avoid].some(mentions));
  const shown = named.length ? named : prefs;
  const lines = shown.map(([cap, p]) => {
    const avoid = p.avoid.length ? `, avoid ${p.avoid.join(', ')}` : '';
    return `- ${cap}: prefer ${p.prefer}${avoid} (confidence ${p.confidence ?? 'n/a'}, since revision ${p.since_revision})`;
  });
  const warnings = named.length
    ? []
    : g.warnings.slice(-3).map((w) => `- warning: ${typeof w.reason === 'string' ? w.reason : String(w.type ?? 'warning')}`);
  const strategy = named.length
    ? []
    : Object.entries(g.companion_strategy).flatMap(([k, v]) => {
        const s = (v as { prefer_specialization?: unknown } | null)?.prefer_specialization;
        return typeof s === 'string' ? [`- ${k} tasks: Companions specialised in ${s}`] : [];
      });
  const all = [...lines, ...warnings, ...strategy];
  if (!all.length) return `No advice published yet (strategist_guidelines revision ${g.revision}). ${scope}`;
  return [`strategist_guidelines, revision ${g.revision}:`, ...all, scope].join('\n');
}

/** `skill://whisper-transcribe@1.0.0` → `whisper-transcribe`. */
function skillName(uri: string): string {
  return uri
    .replace(/^skill:\/\//, '')
    .replace(/@.*$/, '')
    .toLowerCase();
}
