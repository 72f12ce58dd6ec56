/**
 * Where a slow keystroke's time goes (issue 33): opens a generated workflow in the editor as the
 * UI bench does, types into the inspector's Comment field, and for every key prints its time next
 * to what overlapped it — long tasks, the editor's `data-busy` changes (a layout or a validation
 * still to come), the `dcf:*` performance measures — and the heaviest functions the CPU profiler
 * sampled on the page's main thread during the slowest keys and during every long task from the
 * open until the layout and the validation have landed (one Chromium trace per open).
 *
 *   node --import tsx bench/ui/trace-keys.ts [states=1000] [opens=2]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { generateWorkflow } from '../generate-workflow.ts';
import { startBenchConsole } from './console-server.ts';
import { clickUntilSelected, signInAsDesigner, typeTimedKeys } from './measure-editor.ts';

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STATES = Number(process.argv[2] ?? 1000);
const OPENS = Number(process.argv[3] ?? 2);

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; parent?: number };
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; id?: string; args?: Record<string, any> };

/** The samples of one thread's CPU profile (the renderer's main thread) in a Chromium trace, as [time µs, node id], with the nodes by id. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  const starts = new Map<string, number>();
  // A thread's profile: its `Profile` event is on the thread; its chunks (same id) may be logged elsewhere.
  for (const e of events)
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid) starts.set(`${e.pid}:${e.id}`, e.args!.data.startTime);
  const clock = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.id}`;
    if (e.name !== 'ProfileChunk' || !starts.has(key)) continue;
    const d = e.args!.data;
    for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let t = clock.get(key) ?? starts.get(key) ?? 0;
    const ids: number[] = d.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      t += d.timeDeltas[i];
      samples.push([t, id]);
    });
    clock.set(key, t);
  }
  return { nodes, samples };
}

/** "function chunk:line:column" of a sampled frame (a production chunk: read the code there to name it). */
function place(f: CallFrame): string {
  const file = (f.url ?? '').split('/').pop() ?? '';
  return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber ?? 0}:${f.columnNumber ?? 0}` : ''}`;
}

/** The browser's own phases (what the profiler samples as "(program)") named as DevTools names them. */
const PHASES: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  HitTest: 'hit test',
  MinorGC: 'minor GC',
  MajorGC: 'major GC',
};

/**
 * Time per rendering phase on one thread in [from, to] µs, with the sizes Chromium logs for them
 * (elements whose style was recomputed; objects laid out of the layout tree's total), the largest first.
 */
function phasesOf(events: TraceEvent[], pid: number, tid: number, from: number, to: number): string {
  const sum = new Map<string, { ms: number; n: number; size: string }>();
  for (const e of events) {
    const phase = PHASES[e.name];
    if (!phase || e.ph !== 'X' || e.pid !== pid || e.tid !== tid || e.ts < from || e.ts > to) continue;
    const row = sum.get(phase) ?? { ms: 0, n: 0, size: '' };
    row.ms += (e.dur ?? 0) / 1000;
    row.n++;
    const a = e.args ?? {};
    if (e.name === 'UpdateLayoutTree' && a.elementCount !== undefined) row.size = `${a.elementCount} elements`;
    if (e.name === 'Layout' && a.beginData) row.size = `${a.beginData.dirtyObjects}/${a.beginData.totalObjects} objects`;
    sum.set(phase, row);
  }
  return [...sum.entries()]
    .sort((x, y) => y[1].ms - x[1].ms)
    .map(([k, v]) => `${k} ${v.ms.toFixed(1)} ms${v.n > 1 ? ` ×${v.n}` : ''}${v.size ? ` (${v.size})` : ''}`)
    .join(', ');
}

/**
 * With CALLERS=<text>: the call chains (innermost first, six frames) of the samples in [from, to] µs
 * whose function's place contains <text> (`d 3x7acb2w8s25s.js:0:8115`), the most sampled first —
 * who asked for a cost the self times show but do not explain.
 */
function callersOf(prof: ReturnType<typeof samplesOf>, from: number, to: number, match: string): string[] {
  const chains = new Map<string, number>();
  for (const [t, id] of prof.samples) {
    if (t < from || t > to || !place(prof.nodes.get(id)!.callFrame).includes(match)) continue;
    const frames: string[] = [];
    for (let n = prof.nodes.get(id); n && frames.length < 6; n = n.parent ? prof.nodes.get(n.parent) : undefined)
      frames.push(place(n.callFrame));
    const key = frames.join(' < ');
    chains.set(key, (chains.get(key) ?? 0) + 1);
  }
  return [...chains.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} samples: ${k}`);
}

/** Self time per function of the samples in [from, to] µs, the heaviest first. */
function heaviest(prof: ReturnType<typeof samplesOf>, from: number, to: number, top = 10): string[] {
  const self = new Map<string, number>();
  let prev = 0;
  for (const [t, id] of prof.samples) {
    const dt = prev ? Math.min(t - prev, 2000) : 0;
    prev = t;
    if (t < from || t > to) continue;
    const k = place(prof.nodes.get(id)!.callFrame);
    self.set(k, (self.get(k) ?? 0) + dt / 1000);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${v.toFixed(1)} ms ${k}`);
}

async function open(page: Page, baseURL: string, doc: { asl: { StartAt: string } }) {
  await page.goto(`${baseURL}/workflows`);
  await page.evaluate(
    ([key, text]) => sessionStorage.setItem(key!, JSON.stringify({ label: 'trace', text })),
    ['dcf.workflowDraft', `${JSON.stringify(doc, null, 2)}\n`],
  );
  await page.goto(`${baseURL}/workflows/edit?handover=1`, { waitUntil: 'commit' });
  // Before the page's own code: a log of long tasks, measures and busy changes, on performance.now()'s clock.
  const start = page.locator(`[data-testid="state-node"][data-state="${doc.asl.StartAt}"]`);
  await start.waitFor({ timeout: 120_000 });
  await page.evaluate(`(() => {
    window.__log = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__log.push([e.startTime, e.duration, e.entryType + ' ' + e.name])))
      .observe({ entryTypes: ['longtask', 'measure'] });
    const ed = document.querySelector('[data-testid="workflow-editor"]');
    new MutationObserver(() => window.__log.push([performance.now(), 0, 'busy=' + ed.getAttribute('data-busy')]))
      .observe(ed, { attributes: true, attributeFilter: ['data-busy'] });
  })()`);
  await clickUntilSelected(page, doc.asl.StartAt);
}

const server = await startBenchConsole(ROOT);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAsDesigner(page, server.baseURL);
  const doc = generateWorkflow(STATES) as { asl: { StartAt: string } };
  for (let o = 0; o < OPENS; o++) {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await open(page, server.baseURL, doc);
    const keys = await typeTimedKeys(page);
    // The layout and validation may still be coming: trace until both have arrived and been drawn.
    await page.waitForSelector('[data-testid="workflow-editor"][data-busy="false"]', { timeout: 60_000 });
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const log = (await page.evaluate('window.__log')) as [number, number, string][];
    // The keydowns as the renderer dispatched them, in the trace's clock (µs), in order.
    const downs = trace.traceEvents
      .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown')
      .sort((x, y) => x.ts - y.ts);
    const prof = samplesOf(trace.traceEvents, downs[0]!.pid, downs[0]!.tid);
    console.log(`\nopen ${o + 1} (${STATES} states), ${downs.length} keydowns traced, ${prof.samples.length} samples`);
    for (const [i, [t0, d]] of keys.entries()) {
      const during = log
        .filter(([s, dur]) => s + dur >= t0 - 5 && s <= t0 + d)
        .map(([s, dur, what]) => `${what} @${(s - t0).toFixed(0)}+${dur.toFixed(0)}`);
      console.log(`key ${d.toFixed(1)} ms  ${during.join('; ')}`);
      const at = downs[i]?.ts;
      if (at) console.log(`    ${phasesOf(trace.traceEvents, downs[0]!.pid, downs[0]!.tid, at, at + d * 1000)}`);
      if (d > 60 && at) for (const line of heaviest(prof, at, at + d * 1000)) console.log(`    ${line}`);
      if (process.env.CALLERS && at) for (const line of callersOf(prof, at, at + d * 1000, process.env.CALLERS)) console.log(`    ${line}`);
    }
    // Every long task on the main thread from the open to the last key, with where its time went.
    const main = downs[0]!;
    const runs = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid && (e.dur ?? 0) > 80_000);
    const t0 = downs[0]!.ts;
    for (const r of runs) {
      console.log(`long task ${(r.dur! / 1000).toFixed(0)} ms at ${((r.ts - t0) / 1000).toFixed(0)} ms from the first key`);
      for (const line of heaviest(prof, r.ts, r.ts + r.dur!, 12)) console.log(`    ${line}`);
    }
    const firstKey = keys[0]![0];
    console.log(
      'before the first key:',
      log
        .filter(([s]) => s < firstKey)
        .map(([s, d, w]) => `${w} @${(s - firstKey).toFixed(0)}+${d.toFixed(0)}`)
        .join('; '),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
