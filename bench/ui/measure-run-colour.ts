import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Redis } from 'ioredis';

export interface ColourFigures {
  /** Per state change: from its publication in Redis to the node's colour (data-status) on screen. */
  colourMs: number[];
  /** The same changes: from Redis to the page's own EventSource receiving them (the transport alone). */
  sseMs: number[];
}

/** A chain of Tasks on the built-in sleep skill: the first waits long enough for the page to connect. */
export function sleepChain(states: number, firstMs: number, eachMs: number) {
  const States: Record<string, unknown> = {};
  for (let i = 0; i < states; i++) {
    States[`Step${i}`] = {
      Type: 'Task',
      AgentBinding: { agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: ['skill://builtin.sleep@1.0.0'] },
      Parameters: { ms: i === 0 ? firstMs : eachMs },
      ResultPath: null,
      ...(i + 1 < states ? { Next: `Step${i + 1}` } : { End: true }),
    };
  }
  return {
    workflow_schema_version: '2.2.0',
    workflow_id: randomUUID(),
    workflow_name: 'Bench sleep chain',
    version: '1.0.0',
    skill_imports: [{ uri: 'file://skills/builtin.sleep.json' }],
    asl: { StartAt: 'Step0', States },
  };
}

/**
 * Runs the sleep chain with the run view open and times every state change from Redis to the
 * screen. The bench process subscribes to the run's channel before the run starts (the run id is
 * chosen up front) and stamps each publication; the page stamps each node's `data-status` change
 * (MutationObserver) and, as the transport baseline, each message of its own EventSource on the
 * run's stream. All stamps are Date.now() on one machine.
 */
export async function measureRunColour(page: Page, baseURL: string, redisUrl: string, states = 10): Promise<ColourFigures> {
  const runId = randomUUID();
  const sub = new Redis(redisUrl);
  const published: Array<{ id: string; instance: string; status: string; at: number }> = [];
  const lastStatus = new Map<string, string>();
  await sub.subscribe(`dcf:events:{${runId}}`);
  sub.on('message', (_c, raw: string) => {
    const at = Date.now();
    const m = JSON.parse(raw) as { id: string; event: { type: string; instance?: string; state?: { status?: string } } };
    const status = m.event.state?.status;
    // Only changes of status change a colour (a lease renewal or a note does not).
    if (m.event.type !== 'state' || !m.event.instance || !status || lastStatus.get(m.event.instance) === status) return;
    lastStatus.set(m.event.instance, status);
    published.push({ id: m.id, instance: m.event.instance, status, at });
  });
  const started = await page.request.post(`${baseURL}/api/trpc/runs.start`, {
    data: { json: { workflow: sleepChain(states, 5000, 250), input: {}, run_id: runId } },
  });
  if (!started.ok()) throw new Error(`runs.start: ${started.status()} ${await started.text()}`);
  await page.goto(`${baseURL}/runs/${runId}`);
  await page.locator('[data-testid="state-node"][data-state="Step0"]').waitFor();
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__changes = [];
    window.__sse = {};
    new MutationObserver((records) => {
      const at = Date.now();
      for (const r of records) window.__changes.push({ state: r.target.dataset.state ?? '', status: r.target.dataset.status ?? '', at });
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
    const es = new EventSource('/api/runs/${runId}/events');
    es.onmessage = (m) => {
      const id = JSON.parse(m.data).id;
      if (window.__sse[id] === undefined) window.__sse[id] = Date.now();
    };
  })()`);
  await page.locator('[data-testid="run-header"][data-status="SUCCEEDED"]').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __changes: Array<{ state: string; status: string; at: number }>; __sse: Record<string, number> };
    return { changes: w.__changes, sse: w.__sse };
  });
  await sub.quit();
  const colourMs: number[] = [];
  const sseMs: number[] = [];
  // Changes published before the observer started (Step0's first ones) have no screen stamp: skipped.
  const observedFrom = Math.min(...seen.changes.map((c) => c.at), Infinity);
  for (const p of published) {
    const shown = seen.changes.find((c) => c.state === p.instance && c.status === p.status && c.at >= p.at);
    const sse = seen.sse[p.id];
    if (p.at < observedFrom - 1000 || !shown || sse === undefined) continue;
    colourMs.push(shown.at - p.at);
    sseMs.push(sse - p.at);
  }
  return { colourMs, sseMs };
}
