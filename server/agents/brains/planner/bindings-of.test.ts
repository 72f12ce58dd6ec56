import { describe, expect, it } from 'vitest';
import { bindingsOf } from './build-flow.ts';

const task = (skill: string, next?: string) => ({
  Type: 'Task',
  AgentBinding: { skills: [skill] },
  ...(next ? { Next: next } : { End: true }),
});

describe('bindingsOf', () => {
  it('lists bound Tasks in execution order, nested branches and processors inline', () => {
    const doc = {
      asl: {
        StartAt: 'A',
        States: {
          Orphan: task('skill://orphan'),
          C: task('skill://c'),
          Fork: {
            Type: 'Parallel',
            Next: 'C',
            Branches: [
              { StartAt: 'B1', States: { B2: task('skill://b2'), B1: task('skill://b1', 'B2') } },
              {
                StartAt: 'Each',
                States: { Each: { Type: 'Map', End: true, Iterator: { StartAt: 'I', States: { I: task('skill://i') } } } },
              },
            ],
          },
          A: task('skill://a', 'Fork'),
        },
      },
    };
    expect(bindingsOf(doc).map((b) => `${b.state}:${b.skill}`)).toEqual([
      'A:skill://a',
      'B1:skill://b1',
      'B2:skill://b2',
      'I:skill://i',
      'C:skill://c',
      'Orphan:skill://orphan',
    ]);
  });

  it('stops a Next cycle and tolerates a document without states', () => {
    const doc = { asl: { StartAt: 'X', States: { X: task('skill://x', 'Y'), Y: task('skill://y', 'X') } } };
    expect(bindingsOf(doc).map((b) => b.state)).toEqual(['X', 'Y']);
    expect(bindingsOf({})).toEqual([]);
  });
});
