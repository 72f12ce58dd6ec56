import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { report, validationReportSchema } from '../validation/issue.ts';
import { checkSkillManifest } from './check-manifest.ts';
import { manifestUri, parseSkillManifest, skillManifestSchema } from './manifest.ts';
import type { SkillInfo } from './skill-info.ts';
import { toSkillInfo } from './skill-info.ts';
import { formatSkillUri, parseSkillUri } from './skill-uri.ts';
import { isObject } from '../engine/json.ts';
import { parseJsonText } from '../workspace/json-text.ts';
import { textMemo } from './text-memo.ts';
import { readFileText } from './file-texts.ts';

/**
 * The skill catalog: every manifest in a directory (the repository's `skills/`), each with its
 * validation report. A broken file never hides the others: it is listed as a failure (unreadable,
 * not JSON) or as skipped (JSON, but not a skill manifest), and loading goes on.
 */
export const skillCatalogEntrySchema = z.object({
  /** File name within the catalog directory, e.g. `salesforce-integration.json`. */
  file: z.string(),
  path: z.string(),
  /** skill:// URI (see manifestUri); `null` when the document names no skill at all. */
  uri: z.string().nullable(),
  /** The typed manifest, present iff the document satisfies the JSON Schema. */
  manifest: skillManifestSchema.optional(),
  /** checkSkillManifest's report, plus `catalog.duplicate_uri` if another file claimed the URI first. */
  report: validationReportSchema,
});
export type SkillCatalogEntry = z.infer<typeof skillCatalogEntrySchema>;

const fileProblemSchema = z.object({ file: z.string(), path: z.string(), message: z.string() });

export const skillCatalogSchema = z.object({
  dir: z.string(),
  entries: z.array(skillCatalogEntrySchema),
  /** `*.json` files that could not be read or are not JSON. */
  failures: z.array(fileProblemSchema),
  /** JSON files that are not skill manifests (no manifestApiVersion, skillName or requiredTools). */
  skipped: z.array(fileProblemSchema),
});
export type SkillCatalog = z.infer<typeof skillCatalogSchema>;

/** A document that tries to be a manifest (and so deserves a full report) rather than some other JSON. */
function looksLikeManifest(doc: unknown): doc is Record<string, unknown> {
  return isObject(doc) && ('manifestApiVersion' in doc || 'skillName' in doc || 'requiredTools' in doc);
}

/** The skill URI a possibly invalid document claims, for reporting and duplicate detection. */
function claimedUri(doc: Record<string, unknown>): string | null {
  if (typeof doc.manifestId === 'string' && parseSkillUri(doc.manifestId)) return doc.manifestId;
  if (typeof doc.skillName === 'string' && typeof doc.skillVersion === 'string') return formatSkillUri(doc.skillName, doc.skillVersion);
  return null;
}

/**
 * Reads every `*.json` file directly in `dir` (not recursive), in file-name order. Rejects only if
 * `dir` itself cannot be listed.
 */
export async function loadSkillCatalog(dir: string): Promise<SkillCatalog> {
  const root = resolve(dir);
  const names = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isFile() && d.name.endsWith('.json'))
    .map((d) => d.name)
    .sort();
  const catalog: SkillCatalog = { dir: root, entries: [], failures: [], skipped: [] };
  // Read READ_AT_ONCE at a time (each read is trips to the thread pool; a file open per read, a stat while
  // the file is unchanged: file-texts.ts), then taken in name order.
  const texts: Array<{ text: string } | { failed: unknown }> = [];
  for (let i = 0; i < names.length; i += READ_AT_ONCE) {
    const batch = names.slice(i, i + READ_AT_ONCE);
    texts.push(
      ...(await Promise.all(
        batch.map((file) =>
          readFileText(join(root, file)).then(
            (text) => ({ text }),
            (e: unknown) => ({ failed: e }),
          ),
        ),
      )),
    );
  }
  for (const [i, file] of names.entries()) {
    const path = join(root, file);
    const got = texts[i]!;
    if ('failed' in got) {
      catalog.failures.push({ file, path, message: got.failed instanceof Error ? got.failed.message : String(got.failed) });
      continue;
    }
    const text = got.text;
    const read = readManifestText(path, text);
    if (read.kind !== 'entry') {
      catalog[read.kind === 'failure' ? 'failures' : 'skipped'].push({ file, path, message: read.message });
      continue;
    }
    // A fresh entry per load: markDuplicateUris replaces `report` on the entries of this catalog only.
    catalog.entries.push({ file, path, uri: read.uri, ...(read.manifest ? { manifest: read.manifest } : {}), report: read.report });
  }
  markDuplicateUris(catalog.entries);
  return catalog;
}

const READ_AT_ONCE = 32;

type ReadManifest =
  | { kind: 'failure' | 'skipped'; message: string }
  | { kind: 'entry'; uri: string | null; manifest?: NonNullable<SkillCatalogEntry['manifest']>; report: SkillCatalogEntry['report'] };

/**
 * What a manifest file's text yields, per path while its text is the same (text-memo.ts): parsing and
 * checking the catalog's manifests (zod and the JSON Schema) cost 20–60 ms per load.
 */
const remembered = textMemo<ReadManifest>();
const readManifestText = (path: string, text: string) => remembered(path, text, () => parseManifestText(text));

function parseManifestText(text: string): ReadManifest {
  // parseJsonText: a broken file is reported by where it breaks, never quoted.
  const parsed = parseJsonText(text);
  if ('error' in parsed) return { kind: 'failure', message: `not valid JSON: ${parsed.error}` };
  const doc = parsed.value;
  if (!looksLikeManifest(doc))
    return { kind: 'skipped', message: 'not a skill manifest (no manifestApiVersion, skillName or requiredTools)' };
  const manifest = parseSkillManifest(doc);
  return {
    kind: 'entry',
    uri: manifest ? manifestUri(manifest) : claimedUri(doc),
    ...(manifest ? { manifest } : {}),
    report: checkSkillManifest(doc),
  };
}

/** A URI must resolve to one manifest: every file after the first that claims it gets an error. */
function markDuplicateUris(entries: SkillCatalogEntry[]): void {
  const firstFile = new Map<string, string>();
  for (const entry of entries) {
    if (entry.uri === null) continue;
    const first = firstFile.get(entry.uri);
    if (first === undefined) {
      firstFile.set(entry.uri, entry.file);
      continue;
    }
    const dup = {
      path: '/manifestId',
      code: 'catalog.duplicate_uri',
      message: `/manifestId: ${entry.uri} is already declared by ${first}`,
    };
    entry.report = report([...entry.report.errors, dup], entry.report.warnings);
  }
}

/** SkillInfo of every valid entry, for the workflow validator's skill resolution. */
export function catalogSkillInfos(catalog: SkillCatalog): SkillInfo[] {
  return catalog.entries.flatMap((e) => (e.report.valid && e.manifest ? [toSkillInfo(e.manifest)] : []));
}
