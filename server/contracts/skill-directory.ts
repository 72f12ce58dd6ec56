import type { SkillManifest } from '../skills/manifest.ts';

/**
 * The skills a run may use, by URI (the catalog's valid manifests), in catalog order: built by the
 * skills adapter (server/skills/skill-directory.ts), read by execution, learning, planning and delegation.
 */
export interface SkillDirectory {
  get(uri: string): SkillManifest | undefined;
  all(): Array<{ uri: string; manifest: SkillManifest }>;
}
