import type {
  AdapterHealth,
  NotificationBacklog,
  ProcessHealth,
  QueueHealth,
  SchedulerHealth,
  StorageHealth,
  StreamLag,
  WorkersHealth,
} from './types';
import { secondsText } from './format';

/** A queue's oldest waiting job older than this is a problem: nothing is taking its jobs. */
export const OLD_JOB_S = 5 * 60;
/** A notification delivery pending longer than this is worth a look (retries back off to minutes). */
export const OLD_DELIVERY_S = 30 * 60;
/** A stream entry read and not acknowledged for longer than this: its consumer is stuck or gone. */
export const OLD_PENDING_S = 5 * 60;
/** Event-loop delay (p99) above which requests are visibly held up for everyone. */
export const SLOW_LOOP_MS = 200;
/** Redis within this share of its maxmemory starts evicting or refusing writes. */
export const MEMORY_NEAR_LIMIT = 0.9;

/** One line of the page's problems: `bad` needs someone now (a red line), `warn` a look. `panel` is the panel's id. */
export interface Problem {
  tone: 'bad' | 'warn';
  panel: string;
  text: string;
}

/** What the page has read so far (a panel's figures are undefined while it loads or when unavailable). */
export interface HealthReads {
  now: Date;
  adapters?: AdapterHealth[];
  process?: ProcessHealth;
  workers?: WorkersHealth;
  queues?: QueueHealth[];
  scheduler?: SchedulerHealth;
  notifications?: NotificationBacklog;
  streams?: StreamLag[];
  storage?: StorageHealth;
}

const ageS = (iso: string, now: Date) => Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Every problem the figures show, red lines first, each saying what is wrong in the operator's words. */
export function findProblems(r: HealthReads): Problem[] {
  const out: Problem[] = [];
  for (const a of r.adapters ?? [])
    if (!a.reachable) out.push({ tone: 'bad', panel: 'adapters', text: `${a.adapter} is unreachable: ${a.error ?? 'no answer'}` });
  for (const w of r.workers?.workers ?? []) {
    if (w.state === 'stopped')
      out.push({
        tone: 'bad',
        panel: 'workers',
        text: `Worker ${w.id} stopped beating ${secondsText(w.sinceBeatS)} ago without deregistering (crashed or lost Redis).`,
      });
    if (w.state === 'late')
      out.push({ tone: 'bad', panel: 'workers', text: `Worker ${w.id}'s heartbeat is stale: last beat ${secondsText(w.sinceBeatS)} ago.` });
  }
  const alive = r.workers?.workers.filter((w) => w.state === 'alive').length;
  const runQueue = r.queues?.find((q) => q.name === 'notifications');
  if (alive === 0 && runQueue && runQueue.waiting > 0)
    out.push({ tone: 'bad', panel: 'workers', text: `No worker is alive, and ${plural(runQueue.waiting, 'run notification')} wait.` });
  for (const q of r.queues ?? []) {
    if (q.oldestWaitingAgeS !== null && q.oldestWaitingAgeS > OLD_JOB_S)
      out.push({
        tone: 'bad',
        panel: 'queues',
        text: `${q.label}: the oldest waiting job has waited ${secondsText(q.oldestWaitingAgeS)} (${plural(q.waiting, 'job')} waiting).`,
      });
    if (q.failed > 0)
      out.push({ tone: 'warn', panel: 'queues', text: `${q.label}: ${plural(q.failed, 'job')} failed after all attempts.` });
  }
  for (const j of r.scheduler?.jobs ?? []) {
    if (j.noScheduler)
      out.push({
        tone: 'bad',
        panel: 'scheduler',
        text: `Schedule "${j.name}" is enabled but has no trigger in Redis: it will not fire until a worker starts.`,
      });
    if (j.overdueS !== null)
      out.push({
        tone: 'bad',
        panel: 'scheduler',
        text: `Schedule "${j.name}" is ${secondsText(j.overdueS)} overdue: no worker is taking its triggers.`,
      });
    if (j.missed > 0)
      out.push({
        tone: 'bad',
        panel: 'scheduler',
        text: `Schedule "${j.name}" missed ${plural(j.missed, 'fire')} in the last ${r.scheduler!.windowH} h.`,
      });
    if (j.failed > 0)
      out.push({
        tone: 'warn',
        panel: 'scheduler',
        text: `Schedule "${j.name}": ${plural(j.failed, 'trigger')} failed in the last ${r.scheduler!.windowH} h.`,
      });
  }
  for (const c of r.notifications?.channels ?? []) {
    if (c.failed > 0)
      out.push({
        tone: 'bad',
        panel: 'notifications',
        text:
          `${c.channel}: ${plural(c.failed, 'delivery', 'deliveries')} failed in the last ${r.notifications!.windowH} h ` +
          `(last: ${c.lastError ?? 'no error recorded'}).`,
      });
    if (c.oldestPendingSince && ageS(c.oldestPendingSince, r.now) > OLD_DELIVERY_S)
      out.push({
        tone: 'warn',
        panel: 'notifications',
        text: `${c.channel}: a delivery has been pending for ${secondsText(ageS(c.oldestPendingSince, r.now))}.`,
      });
  }
  for (const s of r.streams ?? []) {
    if (s.deadLetters > 0)
      out.push({ tone: 'bad', panel: 'streams', text: `${s.label}: ${plural(s.deadLetters, 'dead letter')} set aside.` });
    if (s.groups.length === 0 && s.length > 0)
      out.push({
        tone: 'warn',
        panel: 'streams',
        text: `${s.label}: ${plural(s.length, 'entry', 'entries')} and nothing has read them yet.`,
      });
    for (const g of s.groups)
      if (g.oldestPendingSince && ageS(g.oldestPendingSince, r.now) > OLD_PENDING_S)
        out.push({
          tone: 'warn',
          panel: 'streams',
          text:
            `${s.label}: ${g.group} has held ${plural(g.pending, 'entry', 'entries')} unacknowledged ` +
            `for ${secondsText(ageS(g.oldestPendingSince, r.now))}.`,
        });
  }
  if (r.process && r.process.eventLoopDelayMs.p99 > SLOW_LOOP_MS)
    out.push({
      tone: 'bad',
      panel: 'process',
      text: `The console's event loop runs late: p99 ${r.process.eventLoopDelayMs.p99} ms over the last ${r.process.windowS} s.`,
    });
  const memory = r.storage?.redis.available ? r.storage.redis.data : [];
  for (const n of memory)
    if (n.maxBytes && n.usedBytes / n.maxBytes > MEMORY_NEAR_LIMIT)
      out.push({
        tone: 'bad',
        panel: 'storage',
        text: `Redis ${n.node} uses ${Math.round((100 * n.usedBytes) / n.maxBytes)}% of its maxmemory (${n.policy}).`,
      });
  return [...out.filter((p) => p.tone === 'bad'), ...out.filter((p) => p.tone === 'warn')];
}
