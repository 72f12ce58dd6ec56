import { chance, pick, type Rng } from './rng.ts';
import * as L from './script-lines.ts';
import type { CallContext, Line } from './script-lines.ts';
import type { Turn } from './types.ts';

/**
 * What kind of call to synthesise: which blocks of script-lines.ts it contains and in which form.
 * A compliant call has every block in its good form; a deficient one drops or degrades some.
 */
export interface CallProfile {
  recordingNotice: boolean;
  securityCheck: boolean;
  advisedStatus: boolean;
  affordability: boolean;
  goodExplanation: boolean;
  offer: 'good' | 'poor' | 'none';
  alternatives: boolean;
  checkUnderstanding: boolean;
  goodClosing: boolean;
  vulnerability: { disclosure: string; handled: boolean } | null;
  confusion: boolean;
  anxiety: boolean;
}

export const COMPLIANT: CallProfile = {
  recordingNotice: true,
  securityCheck: true,
  advisedStatus: true,
  affordability: true,
  goodExplanation: true,
  offer: 'good',
  alternatives: true,
  checkUnderstanding: true,
  goodClosing: true,
  vulnerability: null,
  confusion: false,
  anxiety: false,
};

/** A random profile: about 55% of calls compliant, the rest with two to five deficiencies. */
export function randomProfile(rng: Rng): CallProfile {
  const p: CallProfile = { ...COMPLIANT };
  if (!chance(rng, 0.55)) {
    const faults: Array<() => void> = [
      () => (p.recordingNotice = false),
      () => (p.advisedStatus = false),
      () => (p.affordability = false),
      () => (p.goodExplanation = false),
      () => (p.offer = 'poor'),
      () => (p.alternatives = false),
      () => (p.checkUnderstanding = false),
      () => (p.goodClosing = false),
      () => (p.securityCheck = false),
    ];
    const n = 2 + Math.floor(rng() * 4);
    for (let i = 0; i < n; i++) pick(rng, faults)();
  }
  if (chance(rng, 0.15)) p.vulnerability = { disclosure: pick(rng, L.VULNERABILITY_DISCLOSURES), handled: chance(rng, 0.5) };
  p.confusion = chance(rng, 0.25);
  p.anxiety = chance(rng, 0.2);
  return p;
}

/** The call's lines in speaking order. */
export function scriptLines(c: CallContext, p: CallProfile): Line[] {
  const calm = !p.anxiety && !p.confusion && !p.vulnerability;
  return [
    ...L.opening(c),
    ...(p.recordingNotice ? L.recordingNotice() : []),
    ...(p.securityCheck ? L.securityCheck(c) : []),
    ...(p.vulnerability ? L.vulnerability(p.vulnerability.disclosure, p.vulnerability.handled) : []),
    ...(p.advisedStatus ? L.advisedStatus() : []),
    ...(p.affordability ? L.affordability(c) : []),
    ...L.productExplanation(c, p.goodExplanation),
    ...(p.confusion ? L.confusion(c, p.goodExplanation) : []),
    ...(p.anxiety ? L.anxiety() : []),
    ...(calm ? L.positiveReaction() : []),
    ...(p.offer === 'none' ? [] : L.offer(c, p.offer === 'good')),
    ...(p.alternatives ? L.alternatives() : []),
    ...(p.checkUnderstanding ? L.checkUnderstanding(calm) : []),
    ...L.closing(p.goodClosing),
  ];
}

/** Speaking rate of the synthetic audio: 2.6 words a second, 0.4 s between turns, 0.1 s resolution. */
export function timeLines(lines: Line[]): Turn[] {
  let t = 0;
  return lines.map(({ speaker, text }) => {
    const start = t;
    const words = text.split(/\s+/).filter(Boolean).length;
    t = Math.round((start + words / 2.6) * 10) / 10;
    const turn = { speaker, text, start_s: start, end_s: t };
    t = Math.round((t + 0.4) * 10) / 10;
    return turn;
  });
}
