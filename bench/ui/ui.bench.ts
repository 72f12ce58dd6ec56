/**
 * UI benchmark (issues 6 and 33): the editor with generated workflows of 100, 500 and 1,000 states —
 * time until the first state is drawn and until it answers a click, each key typed into the
 * inspector (keydown to the painted frame), frame times while panning — and the run
 * view's time from a state change in Redis to its colour on screen. Each figure is printed next
 * to a baseline measured in the same run: a 5-state workflow for the editor, and for the colour
 * the same event's arrival at a bare EventSource in the page (the transport alone).
 *
 *   node --import tsx bench/ui/ui.bench.ts        (builds the console first if needed; ~3 min)
 *
 * It starts its own console (scripts/e2e-server.sh: `next start`, its own redis-server, demo
 * users) and drives Debian's Chromium with Playwright.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { generateWorkflow } from '../generate-workflow.ts';
import { startBenchConsole } from './console-server.ts';
import { measureEditor, signInAsDesigner, type EditorFigures } from './measure-editor.ts';
import { measureRunColour } from './measure-run-colour.ts';
import { median, ms, percentile, ratio } from './stats.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Each size is opened this many times; the median is reported (the first open also warms the page's code). */
const REPEAT = 3;

const server = await startBenchConsole(ROOT);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAsDesigner(page, server.baseURL);

  const sizes = [5, 100, 500, 1000];
  const results = new Map<number, EditorFigures[]>();
  for (const n of sizes) {
    const doc = generateWorkflow(n) as { asl: { StartAt: string } };
    const runs: EditorFigures[] = [];
    for (let i = 0; i < REPEAT; i++) runs.push(await measureEditor(page, server.baseURL, doc));
    results.set(n, runs);
  }
  const summary = (n: number) => {
    const r = results.get(n)!;
    const frames = r.flatMap((x) => x.frames);
    const keys = r.flatMap((x) => x.keystrokes);
    return {
      keyP50: median(keys),
      keyP95: percentile(keys, 95),
      first: median(r.map((x) => x.firstStateMs)),
      interactive: median(r.map((x) => x.interactiveMs)),
      p50: median(frames),
      p95: percentile(frames, 95),
      slow: frames.filter((f) => f > 33.4).length / Math.max(1, frames.length),
    };
  };
  const base = summary(5);
  console.log('\nEditor (median of %d opens; frames while dragging the canvas for ~2 s)', REPEAT);
  console.log(
    '| states | first state drawn | interactive | vs 5 states | key p50 | key p95 | key p50 vs 5 states | ' +
      'frame p50 | frame p95 | p95 vs 5 states | frames > 33 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const n of sizes) {
    const s = summary(n);
    console.log(
      `| ${n} | ${ms(s.first)} | ${ms(s.interactive)} | ${ratio(s.interactive, base.interactive)} | ` +
        `${ms(s.keyP50)} | ${ms(s.keyP95)} | ${ratio(s.keyP50, base.keyP50)} | ` +
        `${ms(s.p50)} | ${ms(s.p95)} | ${ratio(s.p95, base.p95)} | ${(s.slow * 100).toFixed(1)}% |`,
    );
  }

  const colour = await measureRunColour(page, server.baseURL, server.redisUrl, 12);
  console.log('\nRun view: a state change in Redis → its colour on screen (%d changes)', colour.colourMs.length);
  console.log('| measure | p50 | p95 | max |');
  console.log('|---|---|---|---|');
  console.log(
    `| colour on screen | ${ms(median(colour.colourMs))} | ${ms(percentile(colour.colourMs, 95))} | ${ms(Math.max(...colour.colourMs))} |`,
  );
  console.log(
    `| baseline: event at a bare EventSource | ${ms(median(colour.sseMs))} | ${ms(percentile(colour.sseMs, 95))} | ${ms(Math.max(...colour.sseMs))} |`,
  );
  console.log(`| ratio (p50) | ${ratio(median(colour.colourMs), median(colour.sseMs))} | | |`);
} finally {
  await browser.close();
  await server.stop();
}
