import type { QaEvidence, QaTurn } from '../types';
import { turnOfEvidence } from './evidence';

/** How far the player's arrow keys move, and Page Up/Down. */
export const SEEK_STEP_S = 5;
export const SEEK_PAGE_S = 30;

/**
 * The turn being heard at `t` seconds: the last turn that has started (so the pause after a turn
 * keeps it highlighted), -1 before the first. Turns without times are skipped. Pure.
 */
export function turnAtTime(turns: readonly Pick<QaTurn, 'start_s'>[], t: number): number {
  let found = -1;
  for (let i = 0; i < turns.length; i++) {
    const s = turns[i]!.start_s;
    if (s === null) continue;
    if (s <= t) found = i;
    else break;
  }
  return found;
}

/**
 * The moment to play a piece of evidence from: its turn's start, moved into the turn in proportion
 * to where the quote starts in the turn's text (speech is rendered at an even pace), less half a
 * second of lead-in. null when the turn has no times. Pure.
 */
export function momentOf(evidence: Pick<QaEvidence, 'start' | 'turn'>, turns: readonly QaTurn[]): number | null {
  const index = turnOfEvidence(evidence, turns);
  const turn = turns[index];
  if (!turn || turn.start_s === null) return null;
  if (turn.end_s === null || turn.end <= turn.start) return turn.start_s;
  const share = Math.min(1, Math.max(0, (evidence.start - turn.start) / (turn.end - turn.start)));
  return Math.max(turn.start_s, Math.round((turn.start_s + share * (turn.end_s - turn.start_s) - 0.5) * 10) / 10);
}

/** Where a key press on the player's position slider moves to (null: the key is not a seek). Pure. */
export function seekByKey(key: string, time: number, duration: number): number | null {
  const clamp = (t: number) => Math.min(Math.max(0, t), duration);
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(time - SEEK_STEP_S);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(time + SEEK_STEP_S);
    case 'PageDown':
      return clamp(time - SEEK_PAGE_S);
    case 'PageUp':
      return clamp(time + SEEK_PAGE_S);
    case 'Home':
      return 0;
    case 'End':
      return duration;
    default:
      return null;
  }
}
