import { isObject } from '../engine/json.ts';
import type { Json } from '../engine/runtime/index.ts';

/**
 * The data-plane envelope (spec §5.6) stored for a Task result. A skill that already returns an
 * envelope (`ok` boolean — the demo skills do) is stored as is, except that `metrics.latency_ms` is
 * the call's latency as the worker measured it (transport included; what reliability statistics
 * use), the tool's own figure kept as `tool_latency_ms`; any other result is wrapped, `data` being the result (or `{value}` when the
 * result is not an object). The Task result itself — what flows into ResultSelector/ResultPath —
 * is always exactly what the skill tool returned.
 */
export function dataPlaneEnvelope(result: Json, latencyMs: number, skill: string): Record<string, unknown> {
  if (isObject(result) && typeof result.ok === 'boolean') {
    const metrics = isObject(result.metrics) ? result.metrics : {};
    return {
      ...result,
      metrics: {
        ...metrics,
        ...(typeof metrics.latency_ms === 'number' ? { tool_latency_ms: metrics.latency_ms } : {}),
        latency_ms: latencyMs,
        skill,
      },
    };
  }
  return {
    ok: true,
    summary: null,
    data: isObject(result) ? result : { value: result },
    metrics: { latency_ms: latencyMs, skill },
    artifacts: [],
  };
}
