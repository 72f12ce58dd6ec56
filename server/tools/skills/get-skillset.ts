import path from 'node:path';
import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { validationIssueSchema } from '../../validation/issue.ts';
import { loadSkillCatalog, type SkillCatalogEntry } from '../../skills/catalog.ts';
import { skillManifestSchema } from '../../skills/manifest.ts';
import { skillSummarySchema, summariseSkill, type SkillSummary } from '../../skills/summarise.ts';
import { documentFolders, resolveDocumentPath } from '../../workspace/document-folders.ts';
import { ARG_LIMITS } from '../limits.ts';

const listedSkillSchema = skillSummarySchema.extend({
  file: z.string(),
  warnings: z.array(validationIssueSchema),
  /** The whole manifest, with `detail: "full"` only. */
  manifest: skillManifestSchema.optional(),
});

/** Case-insensitive match of every query word against name, description, tags and tool names. */
function matches(s: SkillSummary, query: string | undefined, tag: string | undefined): boolean {
  if (tag && !s.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return false;
  if (!query) return true;
  const haystack = [s.skillName, s.description ?? '', ...s.tags, ...s.tools.flatMap((t) => [t.name, t.description])]
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * Spec §1.5 / §5.7 tool-6: "Discover Skill Manifests from a directory and summarize their
 * metadata". Valid manifests are listed (filtered by `query`/`tag`); invalid ones and unreadable
 * files are reported separately so a broken file is visible but never chosen.
 */
export const getSkillsetTool = defineTool({
  name: 'get_skillset',
  description:
    'Discover skill manifests in a directory (default: the skill catalog) and summarise each valid one: ' +
    'skill:// URI, version, description, tags, permissions, and its tools with parameter names. Filter ' +
    'with `query` (all words must match name, description, tags or tool names) or `tag`. Invalid ' +
    'manifests and unreadable files are listed separately with their errors.',
  readOnly: true,
  input: z.object({
    skills_dir: z
      .string()
      .min(1)
      .max(ARG_LIMITS.path)
      .optional()
      .describe('A directory in the skills or workflows folder; defaults to the skill catalog.'),
    query: z.string().max(200).optional(),
    tag: z.string().max(100).optional(),
    detail: z.enum(['summary', 'full']).default('summary').describe('"full" also returns each whole manifest.'),
  }),
  output: z.object({
    /** The directory read: relative to the workspace root when inside it, else absolute. */
    directory: z.string(),
    count: z.number().int(),
    skills: z.array(listedSkillSchema),
    invalid: z.array(
      z.object({
        file: z.string(),
        uri: z.string().nullable(),
        errors: z.array(validationIssueSchema),
        warnings: z.array(validationIssueSchema),
      }),
    ),
    unreadable: z.array(z.object({ file: z.string(), message: z.string() })),
  }),
  async handler(input, { services }) {
    const { rootDir, skillsDir } = services.config;
    // Shown relative to the workspace when inside it (the configured catalog may live elsewhere).
    const inside = path.relative(rootDir, skillsDir);
    let dir = skillsDir;
    let directory = inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? inside.split(path.sep).join('/') : dir;
    if (input.skills_dir !== undefined) {
      const where = await resolveDocumentPath(rootDir, documentFolders(services.config), input.skills_dir);
      if (!where.ok) return fail(where.code, where.reason);
      dir = where.absolute;
      directory = where.relative;
    }
    const catalog = await loadSkillCatalog(dir).catch((err: NodeJS.ErrnoException) => err);
    if (catalog instanceof Error)
      return fail('not_found', `cannot list skill directory ${input.skills_dir ?? dir}: ${catalog.code ?? catalog.message}`);
    const valid = catalog.entries.filter(
      (e): e is SkillCatalogEntry & { manifest: NonNullable<SkillCatalogEntry['manifest']> } => e.report.valid && !!e.manifest,
    );
    const skills = valid
      .map((e) => ({ entry: e, summary: summariseSkill(e.manifest) }))
      .filter(({ summary }) => matches(summary, input.query, input.tag))
      .map(({ entry, summary }) => ({
        ...summary,
        file: entry.file,
        warnings: entry.report.warnings,
        ...(input.detail === 'full' ? { manifest: entry.manifest } : {}),
      }));
    return ok({
      directory,
      count: skills.length,
      skills,
      invalid: catalog.entries
        .filter((e) => !e.report.valid || !e.manifest)
        .map((e) => ({ file: e.file, uri: e.uri, errors: e.report.errors, warnings: e.report.warnings })),
      unreadable: [...catalog.failures, ...catalog.skipped].map((f) => ({ file: f.file, message: f.message })),
    });
  },
});
