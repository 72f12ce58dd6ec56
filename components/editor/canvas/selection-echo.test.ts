import { describe, expect, it } from 'vitest';
import { SelectionEcho } from './selection-echo';

describe("React Flow's report of the canvas selection", () => {
  it('is an echo when it is the selection last handed over, in any order; a choice otherwise', () => {
    const echo = new SelectionEcho();
    expect(echo.isEcho([], [])).toBe(true);
    echo.handed(['/States/S9', '/States/S12'], ['e1']);
    expect(echo.isEcho(['/States/S12', '/States/S9'], ['e1'])).toBe(true);
    expect(echo.isEcho(['/States/S12'], ['e1'])).toBe(false); // a click on one of them
    expect(echo.isEcho(['/States/S9', '/States/S12'], [])).toBe(false);
    expect(echo.isEcho([], [])).toBe(false); // a click on the pane
  });

  it('a late report of an older selection, once the next is handed over, is a choice again (a click back on it)', () => {
    // The find box selects S9, then S219 a key later: the report of S9 that came late (before S219 was
    // handed over) was an echo; once S219 is handed over, a report of S9 is the user going back to it.
    const echo = new SelectionEcho();
    echo.handed(['/States/S9'], []);
    expect(echo.isEcho(['/States/S9'], [])).toBe(true);
    echo.handed(['/States/S219'], []);
    expect(echo.isEcho(['/States/S9'], [])).toBe(false);
  });
});
