import type { Dataset } from '../dataset/types.ts';
import { labelledLines, sentences } from '../text/sentences.ts';
import { stringArg, type SkillTool } from './envelope.ts';

/**
 * gpt4o-diarize `diarize_transcript`: who said what. Three sources, in order:
 * 1. text already labelled `Speaker: text` line by line — the labels are kept;
 * 2. the text of a demo recording's transcript — the recording's own turns (the ground truth of
 *    the synthetic audio, with timings);
 * 3. anything else — a cue-word heuristic per sentence (advisor phrasing vs. customer phrasing; a
 *    sentence with neither cue continues the current speaker), without timings.
 * `target_speaker` (case-insensitive) keeps only that speaker's utterances; `speakers` always
 * lists everyone, in order of first appearance.
 */
interface Utterance {
  speaker: string;
  text: string;
  start_s?: number;
  end_s?: number;
}

// One alternation of advisor phrases, listed one per entry so the pattern stays readable.
const ADVISOR_CUES = new RegExp(
  [
    'Selina Finance',
    'could you confirm',
    'we can offer',
    'your home may be',
    'I will send',
    'anything else I can help',
    'let me explain',
    'recommend',
    'APRC',
    'HELOC 2\\.0 is',
    'is a loan',
    'rate can',
    'thank you for your time',
    "that's all confirmed",
    'before we (?:go|start)',
  ].join('|'),
  'i',
);
const CUSTOMER_CUES = /^(?:yes|no|it's the|I'm|I |my |sorry|so I|that sounds|thank you, goodbye|of course|bye)/i;

function heuristic(text: string): Utterance[] {
  const out: Utterance[] = [];
  let current = 'Advisor';
  for (const s of sentences(text)) {
    if (ADVISOR_CUES.test(s.text)) current = 'Advisor';
    else if (CUSTOMER_CUES.test(s.text)) current = 'Customer';
    const last = out.at(-1);
    if (last && last.speaker === current) last.text += ` ${s.text}`;
    else out.push({ speaker: current, text: s.text });
  }
  return out;
}

function utterancesOf(dataset: Dataset, text: string): { utterances: Utterance[]; source: string } {
  const labelled = labelledLines(text);
  if (labelled) return { utterances: labelled, source: 'speaker labels' };
  const trimmed = text.trim();
  const rec = dataset.recordings.find((r) => r.turns.map((t) => t.text).join(' ') === trimmed);
  if (rec) return { utterances: rec.turns.map((t) => ({ ...t })), source: `recording ${rec.recording_id}` };
  return { utterances: heuristic(text), source: 'cue heuristic' };
}

export const diarizeTranscript: SkillTool = (args, { dataset }) => {
  const text = stringArg(args, 'transcript_text', true);
  const target = stringArg(args, 'target_speaker')?.trim().toLowerCase();
  const { utterances, source } = utterancesOf(dataset, text);
  const speakers = [...new Set(utterances.map((u) => u.speaker))];
  const kept = target ? utterances.filter((u) => u.speaker.toLowerCase() === target) : utterances;
  const keptName = target ? `${kept[0]?.speaker ?? target} ` : '';
  return {
    summary:
      `${speakers.length} speaker${speakers.length === 1 ? '' : 's'} (${source}); ` +
      `kept ${kept.length} ${keptName}utterance${kept.length === 1 ? '' : 's'}.`,
    data: { speakers, utterances: kept, text: kept.map((u) => `${u.speaker}: ${u.text}`).join('\n') },
  };
};
