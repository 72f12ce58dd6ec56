import { describe, expect, it } from 'vitest';
import { capabilityVocabulary } from './capabilities.ts';
import { decomposeDeterministic, matchCapabilities, UNMATCHED_REASON } from './decompose.ts';
import { splitTask } from './split-task.ts';
import { stem, wordsMatch } from './capability-words.ts';

const known = capabilityVocabulary({
  availableModels: [
    { id: 'agent-a', capabilities: ['transcription', 'diarization'] },
    { id: 'agent-b', capabilities: ['sentiment-analysis', 'Compliance'] },
  ],
  platformAgents: [{ id: 'agent-p', tags: ['capability:research', 'role:companion', 'status:idle'], template: 'companion@1.0.0' }],
  catalog: ['scoring', 'sentiment', 'analysis', 'summarisation', 'crm'],
});

describe('splitTask (rules 1–5)', () => {
  it.each([
    ['Transcribe the calls. Then score them for compliance.', ['Transcribe the calls', 'score them for compliance']],
    [
      'Transcribe the calls, then diarize the speakers and analyse sentiment',
      ['Transcribe the calls', 'diarize the speakers', 'analyse sentiment'],
    ],
    ['1. Transcribe the calls\n2. Score them\n- Summarise the results', ['Transcribe the calls', 'Score them', 'Summarise the results']],
    ['Do this: (1) transcribe calls (2) write a summary', ['Do this transcribe calls', 'write a summary']],
    ['Compare sentiment and compliance', ['Compare sentiment and compliance']],
    ['Research competitors and email the report to the team', ['Research competitors', 'email the report to the team']],
    ['First, gather data; second, analyse it. Finally report the results.', ['gather data', 'analyse it', 'report the results']],
    ['The score is 3.5 today', ['The score is 3.5 today']],
  ])('%s', (task, parts) => {
    expect(splitTask(task).map((p) => p.replace(/:$/, ''))).toEqual(parts.map((p) => p.replace(/:$/, '')));
  });
});

describe('word matching', () => {
  it('stems and six-letter prefixes', () => {
    expect(stem('scoring')).toBe(stem('score'));
    expect(wordsMatch('transcribe', 'transcription')).toBe(true);
    expect(wordsMatch('analyse', 'analysis')).toBe(true);
    expect(wordsMatch('summarise', 'summarisation')).toBe(true);
    expect(wordsMatch('diarize', 'diarization')).toBe(true);
    expect(wordsMatch('score', 'scope')).toBe(false);
    expect(wordsMatch('compliance', 'complete')).toBe(false);
  });
});

describe('decomposeDeterministic (rules 6–7)', () => {
  it('draws capabilities only from the known ones, most specific first', () => {
    const subtasks = decomposeDeterministic(
      'Transcribe the recordings, then analyse sentiment and check compliance. Finally paint the office.',
      known,
    );
    expect(subtasks.map((s) => [s.id, s.description, s.required_capabilities])).toEqual([
      ['subtask-1', 'Transcribe the recordings', ['transcription']],
      ['subtask-2', 'analyse sentiment', ['sentiment-analysis']],
      ['subtask-3', 'check compliance', ['compliance']],
      ['subtask-4', 'paint the office', []],
    ]);
    expect(subtasks[3]!.unmatched_reason).toBe(UNMATCHED_REASON);
    expect(subtasks[0]!.unmatched_reason).toBeUndefined();
    expect(subtasks[1]!.evidence).toEqual({ 'sentiment-analysis': ['sentiment', 'analyse'] });
  });

  it('uses the platform agents and the catalog as sources', () => {
    expect(Object.keys(matchCapabilities('research the market and score leads', known)).sort()).toEqual(['research', 'scoring']);
    expect(known.find((k) => k.name === 'research')).toEqual({ name: 'research', sources: ['platform_agents'], holders: ['agent-p'] });
    expect(known.find((k) => k.name === 'compliance')!.holders).toEqual(['agent-b']);
  });

  it('never invents a capability: an unknown vocabulary leaves every part unmatched', () => {
    const none = decomposeDeterministic('Transcribe the calls and score them', []);
    expect(none.every((s) => s.required_capabilities.length === 0 && s.unmatched_reason)).toBe(true);
    expect(none).toHaveLength(2);
  });
});
