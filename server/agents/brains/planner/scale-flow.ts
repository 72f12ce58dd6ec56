import type { BrainDecision } from '../brain.ts';
import { newMeta, validateAndSave } from './build-flow.ts';
import type { PlannerContext } from './context.ts';
import { runBuilt, type RunTarget } from './run-flow.ts';
import { scaleToEveryCall } from './scale.ts';

/**
 * "Yes" to scaling a pilot when the catalog has no workflow for the whole set: the pilot that ran
 * in this episode (the last start_workflow_run before the scale offer) is read, refined into one
 * that analyses every call (scale.ts), validated, saved as its REFINEMENT_OF, and run. Any pilot
 * scales this way — a QA review's, a composed one's, a product check's.
 */
export type ScaleBase = Omit<RunTarget, 'workflow_id' | 'version' | 'name' | 'intro' | 'doc'>;

export function scalePilot(ctx: PlannerContext, base: ScaleBase, scope: string): BrainDecision {
  const offeredAt =
    [...(ctx.episode?.finals ?? [])].reverse().find((f) => f.kind === 'scale' && f.index < ctx.turnStart)?.index ?? ctx.turnStart;
  const pilotRun = ctx
    .all('start_workflow_run')
    .filter((o) => o.index < offeredAt)
    .at(-1);
  if (!pilotRun) return ctx.say('I have not run a pilot in this conversation yet, so there is nothing to scale.');
  const pilotKey = { workflow_id: String(pilotRun.args.workflow_id), version: String(pilotRun.args.version) };
  const read = ctx.find('get_saved_workflow', (a) => a.workflow_id === pilotKey.workflow_id && a.version === pilotKey.version);
  if (!read) {
    return ctx.call(
      [['get_saved_workflow', pilotKey]],
      `No saved workflow analyses every call: read the pilot ${pilotKey.workflow_id}@${pilotKey.version} ` +
        'to refine it (its per-call steps inside a Map over the recordings).',
    );
  }
  if (!read.ok) return ctx.failed(read, 'read the pilot workflow');
  const pilot = read.result!.document as Record<string, unknown>;
  const name = `${String(pilot.workflow_name)} (all calls)`;
  const built = validateAndSave(ctx, name, () => scaleToEveryCall(pilot, newMeta(ctx)), {
    parent: { ...pilotKey, relation: 'REFINEMENT_OF' },
    note: `The pilot «${String(pilot.workflow_name)}» scaled to the whole set: ` + 'its per-call analysis in a Map over the recordings.',
    why:
      'Refine the pilot: a Map over the recordings runs its per-call steps; ' +
      'a final score is repeated over all the calls (the scorecard\'s "Several calls" rule).',
  });
  if (!built.done) return built.decision;
  const s = built.value;
  const scored = JSON.stringify(s.doc).includes('"AggregateScore"');
  return runBuilt(ctx, base, s, [
    `Scaling up: I refined the pilot into «${s.name}» v${s.version} (id \`${s.workflow_id}\`, ` +
      `saved as a REFINEMENT_OF «${String(pilot.workflow_name)}» v${pilotKey.version}): ` +
      `its per-call analysis runs on ${scope} inside a Map` +
      `${scored ? ', then one score over all the calls' : ''}.`,
  ]);
}
