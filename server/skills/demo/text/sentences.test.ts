import { describe, expect, it } from 'vitest';
import { labelledLines, sentenceAt, sentences } from './sentences.ts';

describe('sentences', () => {
  it('splits on sentence ends and lines, keeps decimals, strips speaker labels, and keeps offsets exact', () => {
    const text = 'Advisor: Good morning. Rate of 8.9 percent on HELOC 2.0!\nCustomer: Really? Yes';
    const s = sentences(text);
    expect(s.map((x) => x.text)).toEqual(['Good morning.', 'Rate of 8.9 percent on HELOC 2.0!', 'Really?', 'Yes']);
    for (const x of s) expect(text.slice(x.start, x.end)).toBe(x.text);
    expect(sentenceAt(s, text.indexOf('8.9'))?.text).toBe('Rate of 8.9 percent on HELOC 2.0!');
  });

  it('reads Speaker: text lines only when every line has a label', () => {
    expect(labelledLines('Advisor: Hi.\n\nCustomer: Hello.')).toEqual([
      { speaker: 'Advisor', text: 'Hi.' },
      { speaker: 'Customer', text: 'Hello.' },
    ]);
    expect(labelledLines('Advisor: Hi.\nno label here')).toBeUndefined();
    expect(labelledLines('')).toBeUndefined();
  });
});
