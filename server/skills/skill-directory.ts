import { loadSkillCatalog } from './catalog.ts';
import type { SkillManifest } from './manifest.ts';

/**
 * The skills runs may use: every manifest in the catalog directory that parses (catalog order).
 * The result is the SkillDirectory port (server/contracts/skill-directory.ts) by its shape: the adapter does not
 * name the port, since contracts sit above adapters (docs/ARCHITECTURE.md); each caller that holds it as a SkillDirectory checks it.
 */
export async function loadSkillDirectory(dir: string) {
  const catalog = await loadSkillCatalog(dir);
  const list = catalog.entries.flatMap((e) =>
    e.manifest && e.uri && e.report.valid ? [{ uri: e.uri, manifest: e.manifest as SkillManifest }] : [],
  );
  const byUri = new Map(list.map((s) => [s.uri, s.manifest]));
  return { get: (uri: string) => byUri.get(uri), all: () => list };
}
