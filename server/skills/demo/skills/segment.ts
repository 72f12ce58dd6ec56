import { labelledLines, sentences } from '../text/sentences.ts';
import { arrayArg, SkillError, stringArg, type SkillTool } from './envelope.ts';

/**
 * labelling-segmentation `segment_and_label`. The text is cut into units — one per line of
 * `Speaker: text` input (labels stripped), else one per sentence — and each unit gets the taxonomy
 * label whose cue words it matches most often (ties: the earlier label in the taxonomy). A unit
 * with no cue keeps the previous unit's label (the conversation stays on topic); the first such
 * unit gets the first label. Consecutive units with one label form one segment.
 * Cue words exist for the spec §3.3 taxonomy (introduction, security_check, product_detail,
 * offer_explanation, closing); any other label is cued by its own words ("fees_and_charges" →
 * "fees", "and", "charges").
 */
export const LABEL_CUES: Record<string, RegExp> = {
  introduction: /good (?:morning|afternoon)|calling from|am I speaking|\brecorded\b|giving you advice/gi,
  security_check: /date of birth|first line of your address|postcode|security|that's all confirmed/gi,
  product_detail:
    /HELOC|line of credit|secured|\bdraw|interest|repossessed|repayment period|instalments|borrow|other options|remortgag|let me explain|tied to your home/gi,
  offer_explanation:
    /can offer|limit of|\brate\b|APRC|\bfee\b|early repayment|ESIS|illustration|reflection period|income|outgoings|affordable|sign today/gi,
  closing: /anything else|thank you for your time|goodbye|\bbye\b|send the offer|paperwork|any questions|make sense/gi,
};

function cueFor(label: string): RegExp {
  const known = LABEL_CUES[label];
  if (known) return known;
  const words = label
    .split(/[_\s-]+/)
    .filter((w) => w.length > 2)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''));
  return new RegExp(words.length ? `\\b(?:${words.join('|')})` : '(?!)', 'gi');
}

function units(text: string): string[] {
  const lines = labelledLines(text);
  return lines ? lines.map((l) => l.text) : sentences(text).map((s) => s.text);
}

export const segmentAndLabel: SkillTool = (args) => {
  const text = stringArg(args, 'transcript_text', true);
  const taxonomy = arrayArg(args, 'taxonomy', true)!;
  if (taxonomy.length === 0 || !taxonomy.every((t): t is string => typeof t === 'string' && t.length > 0)) {
    throw new SkillError('InvalidArguments', 'taxonomy must be a non-empty list of labels');
  }
  const segments: Array<{ label: string; text: string }> = [];
  let previous = taxonomy[0]!;
  for (const unit of units(text)) {
    let best = { label: previous, hits: 0 };
    for (const label of taxonomy) {
      const hits = unit.match(cueFor(label))?.length ?? 0;
      if (hits > best.hits) best = { label, hits };
    }
    previous = best.label;
    const last = segments.at(-1);
    if (last && last.label === best.label) last.text += ` ${unit}`;
    else segments.push({ label: best.label, text: unit });
  }
  const used = new Set(segments.map((s) => s.label)).size;
  return { summary: `${segments.length} segments labelled with ${used} of ${taxonomy.length} taxonomy labels.`, data: { segments } };
};
