'use client';
import type { ElkLayouter } from '../model/layout-flow-graph';

let shared: Promise<ElkLayouter> | null = null;

/**
 * One ELK per page, running in a Web Worker so laying out a 500-state workflow never blocks
 * typing or panning; where a worker cannot start, the bundled build runs on the main thread.
 */
export function elkLayouter(): Promise<ElkLayouter> {
  shared ??= (async () => {
    try {
      const { default: ELK } = await import('elkjs/lib/elk-api');
      return new ELK({ workerFactory: () => new Worker(new URL('elkjs/lib/elk-worker.min.js', import.meta.url)) });
    } catch {
      const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
      return new ELK();
    }
  })();
  return shared;
}
