import { checkSkillManifest } from '../skills/check-manifest.ts';
import { catalogSkillInfos, loadSkillCatalog } from '../skills/catalog.ts';
import { parseSkillManifest } from '../skills/manifest.ts';
import { toSkillInfo, type SkillInfo } from '../skills/skill-info.ts';
import type { ImportResolution, WorkflowValidationContext } from '../engine/index.ts';
import { documentFolder, resolveDocumentPath } from '../workspace/document-folders.ts';
import { parseJsonText } from '../workspace/json-text.ts';
import { textMemo } from '../skills/text-memo.ts';
import { readFileText } from '../skills/file-texts.ts';

/**
 * The I/O half of workflow validation: loads the skill catalog and every `skill_imports` file so
 * the pure engine can check skill URIs and Parameters. A bound skill resolves if it is in the
 * catalog directory OR in a manifest the workflow imports. An import is a manifest or a bundle
 * `{"skills": [manifest, ...]}`; it "exists" only if it can be read and every manifest in it is
 * valid — otherwise the reason is reported against the import.
 */
export async function buildValidationContext(
  doc: unknown,
  opts: { rootDir: string; skillsDir: string },
): Promise<WorkflowValidationContext> {
  const skills = new Map<string, SkillInfo>();
  const catalog = await loadSkillCatalog(opts.skillsDir).catch(() => null);
  for (const info of catalog ? catalogSkillInfos(catalog) : []) skills.set(info.uri, info);

  const imports = new Map<string, ImportResolution>();
  for (const uri of importUris(doc)) {
    if (imports.has(uri)) continue;
    const resolution = await resolveImport(uri, opts);
    imports.set(uri, resolution.result);
    for (const info of resolution.skills) skills.set(info.uri, info);
  }
  return { skills, imports };
}

/** The `uri` strings of `skill_imports` (whatever else is malformed is the schema check's business). */
function importUris(doc: unknown): string[] {
  const list = (doc as { skill_imports?: unknown } | null)?.skill_imports;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) =>
    item && typeof item === 'object' && typeof (item as { uri?: unknown }).uri === 'string' ? [(item as { uri: string }).uri] : [],
  );
}

/** An import names a manifest in the skills folder (document-folders.ts: nothing else is readable by URI). */
async function resolveImport(
  uri: string,
  opts: { rootDir: string; skillsDir: string },
): Promise<{ result: ImportResolution; skills: SkillInfo[] }> {
  const where = await resolveDocumentPath(opts.rootDir, [documentFolder(opts.rootDir, opts.skillsDir)], uri);
  if (!where.ok) return { result: { exists: false, error: where.reason }, skills: [] };
  let text: string;
  try {
    text = await readFileText(where.absolute);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      result: { exists: false, error: code === 'ENOENT' ? `no file at ${where.relative}` : `cannot read ${where.relative} (${code})` },
      skills: [],
    };
  }
  // Per file while its text is the same (text-memo.ts), keyed by both paths: the messages name the relative one.
  return resolved(`${where.absolute}\n${where.relative}`, text, () => resolveImportText(where.relative, text));
}

const resolved = textMemo<{ result: ImportResolution; skills: SkillInfo[] }>();

function resolveImportText(relative: string, text: string): { result: ImportResolution; skills: SkillInfo[] } {
  // Never quote the file in the message (json-text.ts): only where its JSON breaks.
  const parsed = parseJsonText(text);
  if ('error' in parsed) return { result: { exists: true, error: `${relative} is not JSON: ${parsed.error}` }, skills: [] };
  const doc = parsed.value;
  const manifests =
    doc && typeof doc === 'object' && Array.isArray((doc as { skills?: unknown }).skills) ? (doc as { skills: unknown[] }).skills : [doc];
  const skills: SkillInfo[] = [];
  for (const [i, m] of manifests.entries()) {
    const checked = checkSkillManifest(m);
    const manifest = parseSkillManifest(m);
    if (!checked.valid || !manifest) {
      const first = checked.errors[0];
      const which = manifests.length > 1 ? ` (skills[${i}])` : '';
      return {
        result: {
          exists: true,
          error: `${relative}${which} is not a valid skill manifest: ${first ? first.message : 'schema mismatch'}`,
        },
        skills: [],
      };
    }
    skills.push(toSkillInfo(manifest));
  }
  return { result: { exists: true }, skills };
}
