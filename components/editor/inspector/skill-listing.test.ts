import { describe, expect, it } from 'vitest';
import { capabilityOf, figuresText, filterSkills } from './skill-listing';

const rel = (n_success: number, n_failures: number, success_rate: number | null, p95: number | null) => ({
  skill: 's',
  capability: 'c',
  n_success,
  n_failures,
  success_rate,
  failure_rate: null,
  p50_latency_ms: null,
  p95_latency_ms: p95,
  n_caller_errors: 0,
});

describe('figuresText', () => {
  it('prefers the recent window when it has uses', () => {
    expect(figuresText(rel(9, 1, 0.9, 1500), rel(90, 10, 0.9, 900))).toBe('90% success, p95 1.5 s (recent, 10 uses)');
  });
  it('falls back to all-time figures, and says when there are none', () => {
    expect(figuresText(rel(0, 0, null, null), rel(1, 0, 1, 420))).toBe('100% success, p95 420 ms (all-time, 1 use)');
    expect(figuresText(undefined, undefined)).toBe('no runs yet');
  });
});

describe('capabilityOf', () => {
  it('is the first tag', () => {
    expect(capabilityOf(['transcription', 'audio'])).toBe('transcription');
    expect(capabilityOf([])).toBeNull();
  });
});

describe('filterSkills', () => {
  const skills = [
    { skillName: 'whisper-transcribe', skillVersion: '1.0.0', description: 'Transcribes audio', tags: ['transcription'] },
    { skillName: 'scoring', skillVersion: '2.0.0', description: null, tags: ['qa', 'scoring'] },
  ];
  it('matches every word against name@version, description and tags', () => {
    expect(filterSkills(skills, 'AUDIO').map((s) => s.skillName)).toEqual(['whisper-transcribe']);
    expect(filterSkills(skills, 'qa 2.0').map((s) => s.skillName)).toEqual(['scoring']);
    expect(filterSkills(skills, ' ')).toHaveLength(2);
    expect(filterSkills(skills, 'scoring audio')).toEqual([]);
  });
});
