import { describe, expect, it } from 'vitest';
import { findProblems, type HealthReads } from './problems';
import type { QueueHealth, WorkerHealth } from './types';

const now = new Date('2026-11-28T12:00:00Z');
const worker = (id: string, state: WorkerHealth['state'], sinceBeatS: number): WorkerHealth => ({
  id,
  state,
  sinceBeatS,
  lastBeatAt: new Date(now.getTime() - sinceBeatS * 1000).toISOString(),
  kind: state === 'stopped' ? null : 'dcf worker',
  host: null,
  pid: null,
  concurrency: null,
  activeTasks: null,
  startedAt: null,
});
const queue = (name: string, o: Partial<QueueHealth> = {}): QueueHealth => ({
  name,
  label: name,
  worksIt: 'workers',
  waiting: 0,
  active: 0,
  delayed: 0,
  failed: 0,
  oldestWaitingSince: null,
  oldestWaitingAgeS: null,
  ...o,
});

describe('the health page’s problems', () => {
  it('finds none when everything is well', () => {
    const reads: HealthReads = {
      now,
      workers: { readAt: now.toISOString(), lateAfterS: 20, workers: [worker('engine@a:1', 'alive', 3)] },
      queues: [queue('notifications', { waiting: 2, oldestWaitingAgeS: 4, oldestWaitingSince: now.toISOString() })],
      streams: [
        {
          stream: 's',
          label: 'QA results',
          length: 3,
          deadLetters: 0,
          groups: [{ group: 'g', consumers: 1, lag: 0, pending: 0, oldestPendingSince: null }],
        },
      ],
    };
    expect(findProblems(reads)).toEqual([]);
  });

  it('draws a red line for a stale or stopped worker, an old waiting job and dead letters, before the warnings', () => {
    const problems = findProblems({
      now,
      workers: {
        readAt: now.toISOString(),
        lateAfterS: 20,
        workers: [worker('engine@a:1', 'stopped', 300), worker('engine@b:2', 'late', 25)],
      },
      queues: [
        queue('notifications', {
          label: 'Run notifications',
          waiting: 4,
          failed: 1,
          oldestWaitingAgeS: 900,
          oldestWaitingSince: '2026-11-28T11:45:00Z',
        }),
      ],
      streams: [{ stream: 's', label: 'QA results', length: 3, deadLetters: 2, groups: [] }],
    });
    expect(problems.map((p) => [p.tone, p.panel])).toEqual([
      ['bad', 'workers'],
      ['bad', 'workers'],
      ['bad', 'workers'],
      ['bad', 'queues'],
      ['bad', 'streams'],
      ['warn', 'queues'],
      ['warn', 'streams'],
    ]);
    expect(problems[0]!.text).toBe('Worker engine@a:1 stopped beating 5 min ago without deregistering (crashed or lost Redis).');
    expect(problems[1]!.text).toBe("Worker engine@b:2's heartbeat is stale: last beat 25 s ago.");
    expect(problems[2]!.text).toBe('No worker is alive, and 4 run notifications wait.');
    expect(problems[3]!.text).toBe('Run notifications: the oldest waiting job has waited 15 min (4 jobs waiting).');
    expect(problems[4]!.text).toBe('QA results: 2 dead letters set aside.');
  });

  it('reports a schedule that missed fires or is overdue, a failed delivery and Redis near its limit', () => {
    const problems = findProblems({
      now,
      scheduler: {
        windowH: 24,
        jobs: [
          {
            id: '1',
            name: 'weekly review',
            enabled: true,
            schedule: 'cron 0 9 * * 1 (Europe/London)',
            nextFireAt: null,
            noScheduler: false,
            overdueS: 120,
            missed: 2,
            failed: 0,
            lastFiredAt: null,
          },
        ],
      },
      notifications: {
        windowH: 24,
        channels: [
          {
            channel: 'EMAIL',
            pending: 0,
            oldestPendingSince: null,
            failed: 1,
            delivered: 0,
            lastError: 'SMTP 550',
            lastErrorAt: now.toISOString(),
          },
        ],
      },
      storage: {
        database: { kind: 'pglite', sizeBytes: 1, connections: null, note: 'embedded' },
        redis: {
          available: true,
          data: [{ node: 'redis:6379', usedBytes: 95, peakBytes: 96, maxBytes: 100, policy: 'noeviction', fragmentation: 1.1 }],
        },
      },
    });
    expect(problems.map((p) => p.text)).toEqual([
      'Schedule "weekly review" is 2 min overdue: no worker is taking its triggers.',
      'Schedule "weekly review" missed 2 fires in the last 24 h.',
      'EMAIL: 1 delivery failed in the last 24 h (last: SMTP 550).',
      'Redis redis:6379 uses 95% of its maxmemory (noeviction).',
    ]);
  });
});
