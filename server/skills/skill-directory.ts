import { loadSkillCatalog } from './catalog.ts';
import type { SkillManifest } from './manifest.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';

/** The skills runs may use: every manifest in the catalog directory that parses (catalog order). */
export async function loadSkillDirectory(dir: string): Promise<SkillDirectory> {
  const catalog = await loadSkillCatalog(dir);
  const list = catalog.entries.flatMap((e) =>
    e.manifest && e.uri && e.report.valid ? [{ uri: e.uri, manifest: e.manifest as SkillManifest }] : [],
  );
  const byUri = new Map(list.map((s) => [s.uri, s.manifest]));
  return { get: (uri) => byUri.get(uri), all: () => list };
}
