import type { SkillDirectory } from '../../contracts/skill-directory.ts';
import type { RedisClient } from '../../redis/connection.ts';
import type { SkillInvoker } from '../../skills/invoke/types.ts';
import { requiredParameterNames, type SkillManifest } from '../../skills/manifest.ts';
import { measureTranscriptionAccuracy, transcriptText, type CalibrationCall } from './measure.ts';
import { needsAccuracy } from './capabilities.ts';
import { recordSkillAccuracy, type SkillAccuracy } from './store.ts';

/** How long one calibration call may take: pocketsphinx recognises at about a third of real time on a busy core. */
const CALL_TIMEOUT_MS = 10 * 60_000;

export type CalibrationResult = { skill: string; measured: SkillAccuracy } | { skill: string; failed: string };

/**
 * Calibrates the catalog's skills of a capability that needs accuracy (capabilities.ts) (or only `skills`, if given): each
 * transcribes every call of the calibration set through the same invoker the workers use (its MCP
 * server, its faults), and its word error rate becomes its stored accuracy (store.ts), read with
 * its statistics by the swap policy. One skill after another, one call at a time. A skill that
 * fails a call keeps its earlier measurement (or stays unmeasured) and is reported as failed.
 */
export async function calibrateAccuracy(d: {
  redis: RedisClient;
  invoker: SkillInvoker;
  directory: SkillDirectory;
  calls: CalibrationCall[];
  method: string;
  skills?: string[];
  now?: () => Date;
}): Promise<CalibrationResult[]> {
  const chosen = d.directory.all().filter(({ uri, manifest }) => (d.skills ? d.skills.includes(uri) : needsAccuracy(manifest)));
  const results: CalibrationResult[] = [];
  for (const { uri, manifest } of chosen) {
    try {
      const measured = await measureTranscriptionAccuracy(transcriberOf(d.invoker, manifest), d.calls, d.method, d.now);
      await recordSkillAccuracy(d.redis, uri, measured);
      results.push({ skill: uri, measured });
    } catch (err) {
      results.push({ skill: uri, failed: err instanceof Error ? err.message : String(err) });
    }
  }
  return results;
}

/**
 * A skill as a Transcribe: its first tool that requires `recording_uri` (a skill's capability is
 * its first tag, as execution/skill-choice.ts reads it), called through `invoker` with the
 * recording's URI; a failed call throws its error and cause.
 */
function transcriberOf(invoker: SkillInvoker, manifest: SkillManifest) {
  const tool = manifest.requiredTools.find((t) => requiredParameterNames(t).includes('recording_uri'));
  return async (uri: string): Promise<string> => {
    if (!tool) throw new Error(`${manifest.manifestId} has no tool that takes a recording_uri`);
    const outcome = await invoker.invoke({
      manifest,
      toolName: tool.toolName,
      args: { recording_uri: uri },
      attempt: 1,
      timeoutMs: CALL_TIMEOUT_MS,
    });
    if (!outcome.ok) throw new Error(`${outcome.error}: ${outcome.cause}`);
    return transcriptText(outcome.result);
  };
}
