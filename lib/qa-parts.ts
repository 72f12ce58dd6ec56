import { PART_SHAPES, type QaPart } from './analysis/index.ts';
import { isRecord, type Obj } from './is-record.ts';

/**
 * The one recognition of a QA run's parts, by the shape of each Task's data-plane envelope
 * (workflows/README.md "What each skill tool returns"), never by state names: used by the QA
 * projection (server/qa/project.ts), the Planner's report of a run and the chat's run card, so
 * the three read the same run the same way. Each part's shape is its registry entry's `envelope`
 * (lib/analysis/functions.ts), tried most specific first.
 */
export type { QaPart };

/** The part an envelope's `data` is, or null; an envelope that says it failed (`ok: false`) is none. */
export function partOf(envelope: unknown): QaPart | null {
  if (!isRecord(envelope) || envelope.ok === false || !isRecord(envelope.data)) return null;
  const d = envelope.data;
  return PART_SHAPES.find((shape) => shape.is(d))?.part ?? null;
}

/**
 * The group a state instance belongs to: its Map iteration (`AnalyseEachCall[2]/Score` →
 * `AnalyseEachCall[2]`), or '' for top-level states. One group with a transcription is one call.
 */
export function groupOf(instance: string): string {
  const cut = instance.lastIndexOf('/');
  return cut < 0 ? '' : instance.slice(0, cut);
}

/**
 * Natural order of state instances (`Map[2]` before `Map[10]`). One collator for every comparison:
 * `localeCompare` with options makes one per call, which was most of the time of a finished Map's QA
 * projection (a thousand iterations: tens of thousands of comparisons; issue 33).
 */
export const byInstance: (a: string, b: string) => number = new Intl.Collator('en', { numeric: true }).compare;

export interface FoundPart {
  instance: string;
  envelope: Obj;
  data: Obj;
}

/** The envelopes of one part in a run's data plane (by state instance): top-level states first, then in natural order. */
export function partsOf(data: Record<string, unknown>, part: QaPart): FoundPart[] {
  return Object.keys(data)
    .filter((instance) => partOf(data[instance]) === part)
    .sort((a, b) => Number(a.includes('/')) - Number(b.includes('/')) || byInstance(a, b))
    .map((instance) => {
      const envelope = data[instance] as Obj;
      return { instance, envelope, data: envelope.data as Obj };
    });
}
