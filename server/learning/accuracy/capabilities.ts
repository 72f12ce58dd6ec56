import type { SkillManifest } from '../../skills/manifest.ts';

/**
 * The one place a capability declares that its skills need a measured accuracy: skills that can be
 * right or wrong, not only succeed or fail (a transcription can succeed and mishear half the
 * words). Their skills are calibrated (calibrate.ts, auto-calibrate.ts), and a skill of such a
 * capability is never a swap target or an explored arm while its accuracy is not measured yet
 * (execution/skill-choice.ts); the accuracy floor then applies to its figure. Skills of any other
 * capability are judged on success and latency alone. A capability is a skill's first tag.
 */
export const ACCURACY_CAPABILITIES: readonly string[] = ['transcription'];

/** Whether `manifest`'s capability (its first tag) needs a measured accuracy. */
export const needsAccuracy = (manifest: Pick<SkillManifest, 'tags'>): boolean => ACCURACY_CAPABILITIES.includes(manifest.tags[0] ?? '');
