import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { GROUP_MAX, groupNotes, jobsOf, notificationsOf } from './dispatch-groups.ts';
import { RUN_DEADLINE } from './transitions.ts';

const note = (id: string, fields: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id,
  run_id: 'r',
  instance: `M[${id}]/P`,
  entry: 'e',
  reason: 'initial',
  due_at_ms: 0,
  created_at_ms: 0,
  ...fields,
});

describe('notifications carried several to a job', () => {
  it('groups the due-now notifications of a commit, GROUP_MAX to a job, leaving out delayed ones, deadlines, reports and the continued one', () => {
    const iterations = Array.from({ length: 2 * GROUP_MAX + 3 }, (_, i) => note(String(i)));
    const continued = iterations[0]!;
    const delayed = note('later', { due_at_ms: Date.now() + 60_000 });
    const deadline = note('deadline', { instance: RUN_DEADLINE });
    const report = note('report', { instance: 'M', reason: 'branch_done' });
    const notes = [continued, delayed, ...iterations.slice(1, 5), deadline, report, ...iterations.slice(5)];
    const carriers = groupNotes(notes, continued);
    // Carriers: the 1st, 9th and 17th of the 18 grouped; each of the others rides in the one before it.
    const grouped = iterations.slice(1);
    const leaders = [grouped[0]!, grouped[GROUP_MAX]!, grouped[2 * GROUP_MAX]!];
    expect(carriers.size).toBe(grouped.length - leaders.length);
    for (const [i, n] of grouped.entries()) {
      const leader = leaders[Math.floor(i / GROUP_MAX)]!;
      expect(n.job).toBe(n === leader ? undefined : leader.id);
      expect(carriers.get(n.id)).toBe(n.job);
    }
    for (const n of [continued, delayed, deadline, report]) expect(n.job).toBeUndefined();

    const jobs = jobsOf(notes.filter((n) => n !== continued));
    expect(jobs.map((j) => j.id)).toEqual(['later', leaders[0]!.id, 'deadline', 'report', leaders[1]!.id, leaders[2]!.id]);
    expect(jobs.map((j) => j.carried?.length ?? 0)).toEqual([0, GROUP_MAX - 1, 0, 0, GROUP_MAX - 1, 1]);
    const { first, carried } = notificationsOf(jobs[1]!);
    expect(first).not.toHaveProperty('carried');
    expect(first.id).toBe(leaders[0]!.id);
    expect(carried.map((n) => n.id)).toEqual(grouped.slice(1, GROUP_MAX).map((n) => n.id));
  });

  it('a carried notification whose carrier is not sent with it is a job of its own', () => {
    const lone = note('7', { job: '1' });
    expect(jobsOf([lone, note('2')]).map((j) => [j.id, j.carried])).toEqual([
      ['7', undefined],
      ['2', undefined],
    ]);
    expect(notificationsOf(lone)).toEqual({ first: lone, carried: [] });
  });
});
