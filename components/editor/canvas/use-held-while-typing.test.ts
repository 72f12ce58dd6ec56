import { describe, expect, it } from 'vitest';
import { holdWhileTyping } from './use-held-while-typing';

describe('holdWhileTyping', () => {
  const selection = ['/asl/States/A'];
  const shown = { doc: { v: 1 }, selection };

  it('holds the canvas copy while a field is typed into and the selection is the one drawn', () => {
    expect(holdWhileTyping(true)(shown, { doc: { v: 2 }, selection })).toBe(true);
  });

  it('draws a gesture, or a new selection while typing, at once', () => {
    expect(holdWhileTyping(false)(shown, { doc: { v: 2 }, selection })).toBe(false);
    expect(holdWhileTyping(true)(shown, { doc: { v: 2 }, selection: ['/asl/States/B'] })).toBe(false);
  });
});
