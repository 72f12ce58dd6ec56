import { describe, expect, it } from 'vitest';
import { demoDataset } from '../dataset/generate.ts';
import { runSkillTool } from './envelope.ts';
import { analyzeSentiment, flagsOf, polarity } from './sentiment.ts';

const textOf = (id: string) =>
  demoDataset()
    .recordings.find((r) => r.recording_id === id)!
    .turns.map((t) => t.text)
    .join(' ');
type Data = { overall: string; score: number; flags: Array<{ type: string; severity: string; excerpt: string }> };
const analyse = (text: string) => runSkillTool(analyzeSentiment, { text }).data as Data;

describe('analyze_sentiment', () => {
  it('flags the vulnerable customer of REC-88377 (bereavement: high), quoting the sentence', () => {
    const d = analyse(textOf('REC-88377'));
    expect(d.flags).toContainEqual({
      type: 'vulnerability',
      severity: 'high',
      excerpt: "Sorry, I should say my husband passed away in March and I've been struggling to keep on top of everything.",
    });
  });

  it('flags confusion and anxiety, and nothing in a calm call', () => {
    expect(analyse(textOf('REC-88310')).flags).toEqual([
      { type: 'confusion', severity: 'low', excerpt: 'So I only pay interest on the part I use?' },
    ]);
    expect(analyse(textOf('REC-88342')).flags.map((f) => f.type)).toEqual(['anxiety']);
    expect(analyse(textOf('REC-88391')).flags).toEqual([
      { type: 'confusion', severity: 'medium', excerpt: "Sorry, I'm a bit confused, what does that actually mean for me?" },
    ]);
    expect(flagsOf('Thank you, that all sounds great.')).toEqual([]);
  });

  it('scores (pos − neg) / (pos + neg + 2) with negation, and names the overall tone', () => {
    expect(polarity("I'm not happy, this is not helpful and I'm worried.")).toEqual({ positive: 0, negative: 3 });
    expect(analyse("I'm not happy, this is not helpful and I'm worried.")).toMatchObject({ overall: 'Negative', score: -0.6 });
    expect(analyse('Thank you, that is really helpful and clear.')).toMatchObject({ overall: 'Positive', score: 0.6 });
    expect(analyse('The rate is fixed.')).toMatchObject({ overall: 'Neutral', score: 0 });
  });

  it('returns the documented shape: overall, score in −1…1, flags', () => {
    for (const r of demoDataset().recordings.slice(0, 20)) {
      const d = analyse(r.turns.map((t) => t.text).join(' '));
      expect(Object.keys(d).sort()).toEqual(['flags', 'overall', 'score']);
      expect(Math.abs(d.score)).toBeLessThan(1);
    }
  });
});
