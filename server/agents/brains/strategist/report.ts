import type { SessionObservation } from '../../../delegation/receive.ts';
import { skillTallies, specializationTallies, type Tally, type TaskRecord } from './outcomes.ts';
import type { Publication } from './publication.ts';
import type { Analysis } from './rules.ts';

/** The Strategist's closing message of an observation turn: what it saw, what it published and why. */
export interface TurnSummary {
  observation: SessionObservation;
  tasks: TaskRecord[];
  /** The rules' verdict when nothing was published this turn (null once something was). */
  analysis: Analysis | null;
  canPublish: { guidelines: boolean; conductor: string | null; tool: boolean };
  published: Array<{ p: Publication; revision: number | null }>;
  publishFailures: string[];
  reliabilityFailures: string[];
  /** compare_models errors: the Companions' ratings were not read, so rule 5 was not applied. */
  ratingFailures: string[];
  advised: number;
  adviceFailures: string[];
  episodes: { tool: string; written: number; missing: string[] } | null;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
const tallyText = (t: Tally) => `${t.successes} of ${t.tasks}${t.mean_duration_s === null ? '' : `, mean ${t.mean_duration_s} s`}`;

export function finalReport(s: TurnSummary): string {
  const o = s.observation;
  const who = `Companion ${o.companion_id}${o.specialization ? `, ${o.specialization}` : ''}${o.failed_skill ? `; ${o.failed_skill} failed` : ''}`;
  const lines = [
    `Task ${o.task_id} ${o.status} in ${o.duration_s} s (${who}); ${plural(s.tasks.length, 'finished task')} in this session.`,
  ];
  for (const { p, revision } of s.published)
    lines.push(`Published (revision ${revision ?? '?'}, confidence ${p.confidence}): ${p.recommendation}`);
  if (s.published.length) {
    lines.push(
      s.advised
        ? `Advice sent to the Conductor (${plural(s.advised, 'strategic_advice message')}).`
        : 'The Conductor was not sent the advice (it reads the guidelines before its next delegation).',
    );
    const e = s.episodes;
    if (e)
      lines.push(
        e.missing.length
          ? `No episode recorded: ${e.tool} requires ${e.missing.join(', ')}.`
          : `Recorded ${plural(e.written, 'episode')} with ${e.tool}.`,
      );
  }
  for (const e of s.publishFailures) lines.push(`Could not publish: ${e}`);
  for (const e of s.adviceFailures) lines.push(`Could not send the advice: ${e}`);
  if (s.analysis) {
    const a = s.analysis;
    if (a.findings.length) {
      const why = !s.canPublish.guidelines
        ? 'I do not hold strategist_guidelines'
        : !s.canPublish.conductor
          ? 'session_context names no conductor_id'
          : 'update_conductor_guidelines is not attached to me';
      lines.push(`The evidence supports ${plural(a.findings.length, 'change')}, but I cannot publish: ${why}.`);
    } else if (!s.published.length) {
      lines.push(
        `No change published: the evidence does not call for one.${a.notes.length ? '' : ' No skill has failed repeatedly in this session.'}`,
      );
    }
    for (const n of a.notes.slice(0, 6)) lines.push(`- ${n}`);
  } else if (!s.canPublish.guidelines) {
    lines.push('I do not hold strategist_guidelines, so I cannot tell what is already published: nothing published.');
  }
  const skills = [...skillTallies(s.tasks)].filter(([, t]) => t.tasks > 0);
  if (skills.length) lines.push(`Skills this session (successes of uses): ${skills.map(([k, t]) => `${k} ${tallyText(t)}`).join('; ')}.`);
  const specs = [...specializationTallies(s.tasks)];
  if (specs.length) lines.push(`Specializations (successes of tasks): ${specs.map(([k, t]) => `${k} ${tallyText(t)}`).join('; ')}.`);
  for (const e of s.reliabilityFailures) lines.push(`No history for ${e}`);
  for (const e of s.ratingFailures) lines.push(`The Companions' ratings could not be read (${e}); they were not judged.`);
  return lines.join('\n');
}
